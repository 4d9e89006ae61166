import type { Page } from '@playwright/test';
import { expect, keptSummaries, pickMatrix, test } from './support';

/**
 * Eval results are kept: a matrix survives a reload (real IndexedDB), and a cell's Open shows
 * the run it recorded, kept in the library, not a new run.
 */

const SEARCH = 'RCA: search timeouts, first leads find nothing (stalling)';

interface KeptSummary {
  readonly id: string;
  readonly origin: string;
  readonly steps: number;
  readonly stopReason: string | null;
  readonly llmCalls: number;
}

/** The runs the page's library holds, read from IndexedDB itself. */
async function keptRuns(page: Page): Promise<KeptSummary[]> {
  return (await keptSummaries(page)).map((row) => ({
    id: row['id'] as string,
    origin: row['origin'] as string,
    steps: row['steps'] as number,
    stopReason: row['stopReason'] as string | null,
    llmCalls: row['llmCalls'] as number,
  }));
}

const table = (page: Page) => page.getByRole('table', { name: /Eval matrix/ });
const keptLine = (page: Page) => page.getByText(/^Results from .+, kept in the library\.$/);

test('a matrix survives a reload, and a cell opens the run it recorded', async ({ page }) => {
  await page.goto('/#/eval');
  await expect(page.getByRole('heading', { name: 'Eval matrix' })).toBeVisible();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, SEARCH, ['react+off', 'react+adaptive']);
  await expect(setup).toContainText('2 runs');
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 2 runs');
  await expect(keptLine(page)).toBeVisible();
  await expect.poll(async () => (await keptRuns(page)).length).toBe(2);

  await page.reload();
  await expect(page.getByRole('status')).toContainText('Done: 2 runs');
  await expect(keptLine(page)).toBeVisible();
  await expect(table(page).getByRole('columnheader')).toHaveText([
    'Scenario',
    'react+off',
    'react+adaptive',
    'All configs',
  ]);
  const runs = await keptRuns(page);
  expect(runs.map((run) => run.origin)).toEqual(['eval', 'eval']);

  const row = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /search timeouts/ }) });
  const cell = row.getByRole('cell').nth(0);
  await cell.getByRole('button', { name: /in the inspector/ }).click();
  await expect(page).toHaveURL(/#\/inspect\?.*run=eval-/);
  const id = new URL(page.url().replace('#/inspect', 'inspect')).searchParams.get('run');
  const run = runs.find((kept) => kept.id === id);
  expect(run).toBeDefined();

  // The recorded run as it was: its stop reason and every step, and nothing run again.
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics).toContainText(`Stop reason: ${run!.stopReason}`);
  const steps = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listbox', { name: 'Steps' })
    .getByRole('option');
  await expect(steps).toHaveCount(run!.steps);
  expect((await keptRuns(page)).map((kept) => kept.id).sort()).toEqual(
    runs.map((kept) => kept.id).sort(),
  );

  // Back in the eval view the cell agrees with the run (one seed: its calls exactly).
  await page.goBack();
  await expect(table(page)).toBeVisible();
  await expect(cell).toContainText(`${run!.llmCalls} calls`);

  // Clear forgets the matrix and its runs; a reload shows none.
  await page.getByRole('button', { name: 'Clear results' }).click();
  await expect(page.getByText('No matrix yet')).toBeVisible();
  await expect.poll(async () => (await keptRuns(page)).length).toBe(0);
  await page.reload();
  await expect(page.getByText('No matrix yet')).toBeVisible();
  await expect(keptLine(page)).toHaveCount(0);
});

test('a kept matrix that cannot be read is set aside with a notice', async ({ page }) => {
  await page.goto('/#/library');
  // The page renders once its library is open (the database and its tables exist).
  await expect(page.getByRole('navigation', { name: 'View' })).toBeVisible();
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('loopscope-library');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const put = db
            .transaction('settings', 'readwrite')
            .objectStore('settings')
            .put({ key: 'eval-matrix', value: { version: 1, rows: 'oops' }, schemaVersion: 2 });
          put.onsuccess = () => {
            db.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
      }),
  );
  await page.goto('/#/eval');
  await expect(page.getByRole('note')).toContainText('could not be read');
  await expect(page.getByText('No matrix yet')).toBeVisible();
});
