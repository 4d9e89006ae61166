import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { genAiLoop, otlpRequest } from '../src/engine/otel/fixtures/build';
import { expect, keptRows, keptSummaries, test, timelineSteps } from './support';

/**
 * Open, keep and look: runs kept in real IndexedDB across reloads, the Library view, and files
 * (a `loop run --json` trace by the picker, by a drop and by a paste; a scenario file; a bad file).
 */

async function open(page: Page, hash = '#/inspect?scenario=shopops-happy') {
  await page.goto(`/${hash}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  if (hash.startsWith('#/inspect')) {
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  }
}

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

/** The runs the page's library holds, read from IndexedDB itself: status and steps of each. */
async function kept(page: Page): Promise<{ status: string; steps: number }[]> {
  return (await keptSummaries(page)).map((row) => ({
    status: row['status'] as string,
    steps: row['steps'] as number,
  }));
}

async function goToLibrary(page: Page) {
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(page).toHaveURL(/#\/library$/);
}

/** What `loop run shopops-happy --json` prints (the CLI itself, run once). */
const cliTrace = (() => {
  let text: string | null = null;
  return () =>
    (text ??= execFileSync('npx', ['tsx', 'src/cli/main.ts', 'run', 'shopops-happy', '--json'], {
      encoding: 'utf8',
    }));
})();

test('a finished run is kept: a reload shows it again, and the Library lists it', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const live = await timelineSteps(page).allTextContents();
  await expect(page).toHaveURL(/run=/);
  await expect.poll(() => kept(page)).toEqual([{ status: 'done', steps: live.length }]);

  await page.reload();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(timelineSteps(page)).toHaveText(live);

  await goToLibrary(page);
  await expect(keptRows(page)).toHaveCount(1);
  await expect(keptRows(page).first()).toContainText('Correct');
  await expect(keptRows(page).first()).toContainText('ShopOps O-1001');
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(page).toHaveURL(/#\/inspect\?.*run=/);
  await expect(metrics(page)).toContainText('Stop reason: answer');
});

test('a run cut by a reload comes back interrupted, with its steps', async ({ page }) => {
  await open(page, '#/inspect?scenario=rca-search-stall');
  // Step: one model call at a time; the run stays live (paused) between them.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(timelineSteps(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(timelineSteps(page)).toHaveCount(2);
  await expect.poll(() => kept(page)).toEqual([{ status: 'running', steps: 2 }]);

  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await goToLibrary(page);
  await expect(keptRows(page)).toHaveCount(1);
  await expect(keptRows(page).first()).toContainText('Interrupted');
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(timelineSteps(page)).toHaveCount(2);
});

test('a `loop run --json` trace opens by the picker, by a drop and by a paste, as the live run looked', async ({
  page,
}) => {
  const json = cliTrace();
  await open(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const live = await timelineSteps(page).allTextContents();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(timelineSteps(page)).toHaveCount(0);

  const notice = page.getByTestId('open-notice');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'picked.json',
    mimeType: 'application/json',
    buffer: Buffer.from(json),
  });
  await expect(notice).toContainText('Opened picked.json: a run of shopops-happy');
  await expect(timelineSteps(page)).toHaveText(live);
  await expect(metrics(page)).toContainText('Stop reason: answer');

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return transfer;
  }, json);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: dropped });
  await expect(page.getByText('Drop to open')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer: dropped });
  await expect(notice).toContainText('Opened dropped.json');
  await expect(page.getByText('Drop to open')).toHaveCount(0);
  await expect(timelineSteps(page)).toHaveText(live);

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.evaluate((text) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', text);
    document.body.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }),
    );
  }, json);
  await expect(notice).toContainText('Opened pasted text');
  await expect(timelineSteps(page)).toHaveText(live);

  // One live run and three opened ones, all kept.
  await expect.poll(async () => (await kept(page)).length).toBe(4);
});

test('an opened file’s run is written to the library by the worker that read it, never by the page, and is back after a reload', async ({
  page,
}) => {
  // Every write the page's own thread makes to IndexedDB (a worker's globals are its own).
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { pageWrites: string[] }).pageWrites = writes;
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args) {
        writes.push(this.name);
        return original.apply(this, args as Parameters<typeof original>);
      } as typeof original;
    }
  });
  await open(page);
  const notice = page.getByTestId('open-notice');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'native.json',
    mimeType: 'application/json',
    buffer: Buffer.from(cliTrace()),
  });
  await expect(notice).toContainText('Opened native.json: a run of shopops-happy');
  await expect.poll(async () => (await kept(page)).length).toBe(1);
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'spans.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(otlpRequest(genAiLoop()))),
  });
  await expect(notice).toContainText('Opened spans.json (OTLP');
  const opened = await timelineSteps(page).allTextContents();
  await expect.poll(async () => (await kept(page)).length).toBe(2);
  const written = await page.evaluate(
    () => (window as unknown as { pageWrites: string[] }).pageWrites,
  );
  expect(written.filter((store) => store === 'records' || store === 'summaries')).toEqual([]);

  await page.reload();
  await goToLibrary(page);
  await expect(keptRows(page)).toHaveCount(2);
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(timelineSteps(page)).toHaveText(opened);
});

test('a run opened from a file on disk stays in the library after the file is deleted', async ({
  page,
}) => {
  // A File picked from disk: Chromium would keep the File itself in IndexedDB as a reference to
  // the file, so the run must be kept as the file's text.
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-kept-'));
  const file = path.join(dir, 'on-disk.json');
  writeFileSync(file, cliTrace());
  let opened: string[];
  try {
    await open(page);
    await page.getByTestId('open-file-input').setInputFiles(file);
    const notice = page.getByTestId('open-notice');
    await expect(notice).toContainText(
      /^Opened on-disk\.json: a run of shopops-happy with \d+ steps, kept in the library\.$/,
    );
    opened = await timelineSteps(page).allTextContents();
    await expect(page).toHaveURL(/run=/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The link names the kept run: the reload reads it back from the library alone.
  await page.reload();
  await expect(page.getByText('A recorded run, opened from on-disk.json.')).toBeVisible();
  await expect(timelineSteps(page)).toHaveText(opened);
  await goToLibrary(page);
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(page.getByText('A recorded run, opened from on-disk.json.')).toBeVisible();
  await expect(timelineSteps(page)).toHaveText(opened);
});

test('an opened run’s notice says it is being written until it is in IndexedDB, then that it is kept', async ({
  page,
}) => {
  await open(page);
  // Hold the library's stores with a read-write transaction of the page's own, kept alive until
  // released: the open worker's write of the run waits behind it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const state = window as unknown as { releaseLibrary?: boolean };
        const request = indexedDB.open('loopscope-library');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction(['records', 'summaries'], 'readwrite');
          const store = transaction.objectStore('summaries');
          const spin = () => {
            if (state.releaseLibrary) return;
            store.count().onsuccess = spin;
          };
          spin();
          transaction.oncomplete = () => db.close();
          resolve();
        };
      }),
  );
  const notice = page.getByTestId('open-notice');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'native.json',
    mimeType: 'application/json',
    buffer: Buffer.from(cliTrace()),
  });
  await expect(notice).toContainText(
    /^Opened native\.json: a run of shopops-happy with \d+ steps; writing it to the library…$/,
  );
  await expect(notice).toHaveAttribute('aria-busy', 'true');
  // The run shows while it waits to be written.
  await expect(timelineSteps(page).first()).toBeVisible();
  await expect(notice).toContainText('writing it to the library…');
  // Nothing on the page says "kept" before it is: the line over the run names only the file.
  await expect(page.getByText('A recorded run, opened from native.json.')).toBeVisible();
  await expect(page.getByText(/kept in the library/i)).toHaveCount(0);

  await page.evaluate(() => {
    (window as unknown as { releaseLibrary?: boolean }).releaseLibrary = true;
  });
  await expect(notice).toContainText(/, kept in the library\.$/);
  await expect(notice).toHaveAttribute('aria-busy', 'false');
  // Said once it is so: the run is in IndexedDB when the notice says kept (no waiting here).
  expect((await kept(page)).map((run) => run.status)).toEqual(['done']);
});

test('a file that is not a trace says what is wrong and changes nothing', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const live = await timelineSteps(page).allTextContents();
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'notes.txt' });
  await expect(alert).toContainText('notes.txt: not JSON');
  await expect(alert).toContainText('Nothing was changed.');
  await expect(timelineSteps(page)).toHaveText(live);
  await expect(page).toHaveURL(/scenario=shopops-happy/);
});

test("a scenario file joins the picker as the user's own, and runs", async ({ page }) => {
  const builtin = JSON.parse(readFileSync('src/scenarios/shopops-happy.json', 'utf8')) as Record<
    string,
    unknown
  >;
  const mine = { ...builtin, id: 'my-shop', title: 'My shop' };
  await open(page);
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'my-shop.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(mine)),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Added your scenario "My shop"');
  await expect(page).toHaveURL(/scenario=my-shop/);
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('my-shop');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');

  // Kept in the library: a reload still lists it.
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('my-shop');
});

test('two kept runs open side by side in Compare', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await page.getByLabel('Mode', { exact: true }).selectOption('ReflAct');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect.poll(() => kept(page)).toHaveLength(2);
  await expect
    .poll(async () => (await kept(page)).every((run) => run.status === 'done'))
    .toBe(true);

  await goToLibrary(page);
  await expect(keptRows(page)).toHaveCount(2);
  for (const row of await keptRows(page).all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  await expect(page).toHaveURL(/#\/compare\?scenario=shopops-happy/);
  const lanes = page.getByRole('region', { name: /^Lane [A-D]: (react|reflact) · adaptive/ });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered/);
  }

  // The URL names the kept runs: a reload shows the same two runs again, none run anew.
  await expect(page).toHaveURL(/(&run=[^&]+){2}$/);
  const named = page.url();
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  // The lanes are named from the link's settings now; they show the same runs.
  const reloaded = page.getByRole('region', { name: /^Lane [A-D]: / });
  await expect(reloaded).toHaveCount(2);
  for (const lane of await reloaded.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered/);
  }
  expect(page.url()).toBe(named);
  expect(await kept(page)).toHaveLength(2);
});

test('storage refused: one notice, and runs go on in memory', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError',
        );
      },
    });
  });
  await open(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await goToLibrary(page);
  const notice = page.getByRole('alert').filter({ hasText: 'Runs are not being saved' });
  await expect(notice).toBeVisible();
  await expect(keptRows(page)).toHaveCount(1);
  await expect(page.getByText(/^Kept in this tab only/)).toBeVisible();
});

test("compare's lanes export as one library file that opens back into the library", async ({
  page,
}) => {
  await page.goto('/#/compare?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [A-D]:/ });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered/);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export traces' }).click(),
  ]);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  const file = JSON.parse(text) as { format: string; runs: { trace: unknown }[] };
  expect(file.format).toBe('loopscope.library');
  expect(file.runs).toHaveLength(2);
  expect(file.runs.every((run) => run.trace !== null)).toBe(true);

  await page.getByTestId('open-file-input').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await expect(page.getByTestId('open-notice')).toContainText('2 runs and 0 scenarios kept');
  await expect(page).toHaveURL(/#\/library$/);
  await expect(keptRows(page)).toHaveCount(2);
});
