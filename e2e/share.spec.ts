import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { watchPolicy } from './policy-watch';
// Contexts of their own: each test records and refuses every request of its context.
import { expect, freshTest as test, seriousViolations, timelineSteps } from './support';

/**
 * The HTML page to send (issue 10): a run written as one file by `loop run --html`, opened from
 * `file://` with every request refused. It shows the run read-only and asks for nothing, under its
 * own strict Content-Security-Policy with no violation.
 */

// The second test shows its page refuses an inline script it did not ship (a console error);
// every test watches for violations and expects none but that one.
test.use({
  consoleAllowed: { allow: [/violates the following Content Security Policy directive/] },
});

/** The app's build directory (playwright.config.ts builds into it before the suite). */
const BUILD = process.env.E2E_OUT_DIR ?? 'dist';

/** Every request the page makes is recorded and refused, except the page's own file. */
async function blockNetwork(page: Page, file: string): Promise<string[]> {
  // First the app's page goes: a view it preloads at a quiet moment (app/lazy-views.ts) may ask
  // for its chunk at any time while it is open, and that request is not the offline page's.
  await page.goto('about:blank');
  const requests: string[] = [];
  page.context().on('request', (request) => requests.push(request.url()));
  await page
    .context()
    .route('**', (route) => (route.request().url() === file ? route.continue() : route.abort()));
  return requests;
}

test('a run written by loop run --html opens from file:// offline, read-only, with no request', async ({
  page,
}) => {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'loopscope-share-')), 'shop.html');
  execFileSync(
    process.execPath,
    ['node_modules/.bin/tsx', 'src/cli/main.ts', 'run', 'shopops-happy', '--html', out],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      // The template the web server's build just emitted (dist/share.html), not a stale one.
      env: { ...process.env, LOOPSCOPE_SHARE_TEMPLATE: path.resolve(BUILD, 'share.html') },
    },
  );
  const file = pathToFileURL(out).href;
  const requests = await blockNetwork(page, file);
  const violations = await watchPolicy(page);

  await page.goto(file);
  // Its own strict policy: nothing by default, the one script and style by their hashes.
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toMatch(/^default-src 'none'; /);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);

  await expect(page.getByRole('note')).toHaveText('A recorded run, opened read-only from a file.');
  await expect(page).toHaveTitle(/· Loopscope$/);
  await expect(timelineSteps(page)).toHaveCount(3);
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics).toContainText('Stop reason: answer');
  await expect(metrics).toContainText('LLM calls: 3');
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record).toContainText('Final answer');
  await expect(record).toContainText('the carrier holds the parcel at the depot');
  // Read-only: nothing that would run a model.
  for (const name of ['Run', 'Step', 'Reset']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveCount(0);

  // Another step, by the timeline, shows its own record.
  await timelineSteps(page).first().click();
  await expect(record).toContainText('get_order');

  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  expect(requests).toEqual([file]);
  expect(await violations()).toEqual([]);
});

/** The page's meta policy, directive → sources. */
async function metaPolicy(page: Page): Promise<Map<string, string[]>> {
  const text = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  return new Map(
    (text ?? '').split(';').map((part) => {
      const [directive = '', ...sources] = part.trim().split(/\s+/);
      return [directive, sources];
    }),
  );
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('Export → HTML page in the inspector saves a page that opens the same run offline, under its own policy', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await expect(exportButton).toBeDisabled();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics).toContainText('Stop reason: answer');
  await expect(timelineSteps(page)).toHaveCount(3);

  await exportButton.click();
  const menu = page.getByRole('list', { name: 'Export as' });
  await expect(menu.getByRole('button')).toHaveText([
    'Trace (.loopscope.json)',
    'Trace JSON v1 (as loop run --json)',
    'HTML page',
    'OpenTelemetry (OTLP JSON)',
    'OpenTelemetry (JSONL)',
    'Make a scenario from this run',
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  for (const [choice, version] of [
    ['Trace (.loopscope.json)', 2],
    ['Trace JSON v1 (as loop run --json)', 1],
  ] as const) {
    if (!(await menu.isVisible())) await exportButton.click();
    const saved = page.waitForEvent('download');
    await menu.getByRole('button', { name: choice }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(
      version === 2 ? /^shopops-happy-.*\.loopscope\.json$/ : /^shopops-happy-[^.]*\.json$/,
    );
    const text = readFileSync(await file.path(), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'loopscope.trace', version });
  }
  await expect(menu).toBeHidden();

  await exportButton.click();
  const saving = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'HTML page' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^shopops-happy-.*\.html$/);
  await expect(page.getByText(/^Exported shopops-happy-.*\.html\.$/)).toBeVisible();
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'loopscope-export-')), 'run.html');
  await download.saveAs(out);

  const file = pathToFileURL(out).href;
  const requests = await blockNetwork(page, file);
  await page.goto(file);
  await expect(page.getByRole('note')).toHaveText('A recorded run, opened read-only from a file.');
  await expect(timelineSteps(page)).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record).toContainText('the carrier holds the parcel at the depot');

  // Its policy: nothing loads or connects (no connect-src: default-src 'none'), images only from
  // the page itself (data:), and the one script that runs is the one it shipped, by its hash.
  const policy = await metaPolicy(page);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.has('connect-src')).toBe(false);
  expect(policy.get('img-src')).toEqual(['data:']);
  expect([...policy.values()].flat().filter((source) => !source.startsWith("'"))).toEqual([
    'data:',
    'data:',
  ]);
  const scripts = page.locator('script:not([type="application/json"])');
  await expect(scripts).toHaveCount(1);
  expect(policy.get('script-src')).toEqual([sha256((await scripts.textContent()) ?? '')]);

  // Used: a step by the timeline, then by the keys, and the shortcuts' help.
  await timelineSteps(page).first().click();
  await expect(record).toContainText('get_order');
  const position = page.getByRole('region', { name: 'Timeline' }).getByRole('status');
  await page.keyboard.press('End');
  await expect(position).toContainText('3 of 3');
  await expect(record).toContainText('the carrier holds the parcel at the depot');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  expect(requests).toEqual([file]);
  expect(await violations()).toEqual([]);

  // An inline script or event handler it did not ship is refused, and the watch sees each.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = "script"';
    document.head.append(script);
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.inlineRan = "handler"');
    document.body.append(button);
    button.click();
    button.remove();
    return (window as unknown as { inlineRan?: string }).inlineRan ?? 'nothing';
  });
  expect(ran).toBe('nothing');
  await expect
    .poll(violations)
    .toEqual(
      expect.arrayContaining([
        'page violation: script-src-elem blocked inline',
        'page violation: script-src-attr blocked inline',
      ]),
    );
});

test('Export HTML page in compare saves the lanes as a page that opens them read-only offline', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const lanes = ['Lane A: ReAct', 'Lane B: ReflAct'];
  const exportButton = page.getByRole('button', { name: 'Export HTML page' });
  await expect(exportButton).toBeDisabled();
  await page.getByRole('button', { name: 'Run all' }).click();
  const statuses: string[] = [];
  for (const name of lanes) {
    const status = page.getByRole('region', { name }).getByRole('status').first();
    await expect(status).toHaveText(/answered|stalled|escalated/);
    statuses.push((await status.textContent()) ?? '');
  }
  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(strip.getByRole('status')).toHaveText('Newest · 5 rows');

  const saving = page.waitForEvent('download');
  await exportButton.click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^rca-search-stall-compare-.*\.html$/);
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'loopscope-compare-')), 'lanes.html');
  await download.saveAs(out);

  const file = pathToFileURL(out).href;
  const requests = await blockNetwork(page, file);
  await page.goto(file);
  await expect(page.getByRole('note')).toHaveText(
    'Recorded runs compared, opened read-only from a file.',
  );
  for (const [index, name] of lanes.entries()) {
    const shown = page.getByRole('region', { name });
    await expect(shown.getByRole('status').first()).toHaveText(statuses[index] ?? '');
    await expect(shown.getByRole('button', { name: 'Run lane' })).toHaveCount(0);
    await expect(shown.getByRole('button', { name: 'Fork from here' })).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Aligned steps' }).getByRole('status')).toHaveText(
    'Newest · 5 rows',
  );
  await expect(page.getByRole('button', { name: 'Run all' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(requests).toEqual([file]);
  expect(await violations()).toEqual([]);
});
