import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/**
 * The eval matrix (#/eval): pick a small matrix, run it in the worker, read its cells and
 * verdicts, download it as CSV and JSON; cancel a large one midway.
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';
const SEARCH = 'RCA: search timeouts, first leads find nothing (stalling)';
const CSV_HEADER =
  'scenario,title,tags,config,mode,gating,seed,outcome,stop_reason,correct,llm_calls,reflections,' +
  'reflections_cadence,reflections_stall,reflections_duplicate,tool_calls,empty_tool_calls,' +
  'duplicate_hits,fabrication_hits,prompt_tokens,completion_tokens,model_ms';
const PRESETS = [
  'act+off',
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+off',
  'reflact+fixed',
  'reflact+adaptive',
];

async function open(page: Page) {
  await page.goto('/#/eval');
  await expect(page.getByRole('heading', { name: 'Eval matrix' })).toBeVisible();
  return page.getByRole('complementary', { name: 'Matrix setup' });
}

async function pickConfigs(page: Page, wanted: readonly string[]) {
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  for (const label of PRESETS) {
    const box = setup.getByRole('checkbox', { name: label, exact: true });
    await box.setChecked(wanted.includes(label));
  }
}

/**
 * Every built-in under all 7 presets, `seeds` seeds a cell: how many scenarios the setup's sum
 * line counts (the built-ins grow), and that line.
 */
async function everyBuiltin(page: Page, setup: Locator, seeds: number) {
  await setup.getByRole('button', { name: 'Select all scenarios' }).click();
  await pickConfigs(page, PRESETS);
  await setup.getByLabel('Seeds per cell').fill(String(seeds));
  const sum = setup.getByText(
    new RegExp(` runs = \\d+ scenarios × 7 configs × ${seeds} seed${seeds === 1 ? '' : 's'}`),
  );
  const scenarios = Number(/= (\d+) scenarios/.exec((await sum.textContent()) ?? '')?.[1]);
  expect(scenarios).toBeGreaterThanOrEqual(14);
  return { scenarios, sum };
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Matrix progress' });

test('a small matrix: progress to the end, the cells, a verdict, the CSV and JSON', async ({
  page,
}) => {
  const setup = await open(page);
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  await setup.getByRole('checkbox', { name: CHECKOUT }).check();
  await setup.getByRole('checkbox', { name: SEARCH }).check();
  await pickConfigs(page, ['react+off', 'react+adaptive']);
  await setup.getByLabel('Seeds per cell').fill('2');
  await expect(setup).toContainText('2 scenarios × 2 configs × 2 seeds');
  await expect(setup).toContainText('8 runs');

  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '8');
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '8');
  await expect(setup).toContainText('8 / 8 runs');
  await expect(page.getByRole('status')).toContainText('Done: 8 runs');

  const table = page.getByRole('table', { name: /Eval matrix/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Scenario',
    'react+off',
    'react+adaptive',
    'All configs',
  ]);
  const checkout = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /checkout latency/ }) });
  await expect(checkout.getByRole('cell').nth(0)).toContainText('correct');
  await expect(checkout.getByRole('cell').nth(0)).toContainText(/\d calls · \d+(\.\d)? refl/);
  await expect(checkout.getByRole('cell').nth(1)).toContainText('correct');
  await expect(checkout.getByRole('cell').nth(2)).toContainText('100% correct');
  const search = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /search timeouts/ }) });
  await expect(search.getByRole('cell').nth(1)).toContainText('correct'); // adaptive reflects on the stall
  await expect(table.getByRole('rowheader', { name: 'All scenarios' })).toBeVisible();

  const verdicts = page.getByRole('region', { name: 'Verdicts' }).getByRole('listitem');
  await expect(verdicts.first()).toContainText(
    /Accuracy: react\+adaptive: 100% correct on stalling vs \d+% for react\+off/,
  );

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^loopscope-eval-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await csv.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines).toHaveLength(1 + 8);
  expect(lines.filter((line) => line.startsWith('rca-search-stall,'))).toHaveLength(4);

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^loopscope-eval-\d{4}-\d{2}-\d{2}\.json$/);
  const rows = JSON.parse(await readFile(await json.path(), 'utf8')) as Record<string, unknown>[];
  expect(rows).toHaveLength(8);
  expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
    'config',
    'correct',
    'metrics',
    'scenario',
    'stopReason',
    'tags',
  ]);

  // No serious or critical accessibility violations with a matrix on screen.
  expect(await seriousViolations(page)).toEqual([]);
});

test('tags pick scenarios, and a large matrix cancels midway with the runs that finished', async ({
  page,
}) => {
  const setup = await open(page);
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  const clearCut = setup.getByRole('button', { name: 'All clear-cut scenarios' });
  await clearCut.click();
  await expect(clearCut).toHaveAttribute('aria-pressed', 'true');
  await expect(setup.getByRole('checkbox', { name: CHECKOUT })).toBeChecked();
  await expect(setup.getByRole('checkbox', { name: SEARCH })).not.toBeChecked();

  // Every built-in × 7 presets × 100 seeds (the built-ins grow: count them from the line).
  const { scenarios, sum } = await everyBuiltin(page, setup, 100);
  const total = scenarios * 7 * 100;
  const shown = total.toLocaleString('en-US');
  await expect(sum).toContainText(`${shown} runs`);

  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(progress(page)).toHaveAttribute('aria-valuemax', String(total));
  await expect
    .poll(async () => Number(await progress(page).getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  await setup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toContainText(
    new RegExp(`Cancelled after [\\d,]+ of ${shown} runs`),
  );
  const done = Number(await progress(page).getAttribute('aria-valuenow'));
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(total);
  await expect(page.getByRole('table', { name: /Eval matrix/ })).toBeVisible();
  await expect(setup.getByRole('button', { name: 'Run matrix' })).toBeEnabled();

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('every built-in under every preset: a row per scenario, the totals and the three charts', async ({
  page,
}) => {
  const setup = await open(page);
  const { scenarios } = await everyBuiltin(page, setup, 1);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText(`Done: ${scenarios * 7} runs`);

  // The table is drawn a few rows at a time, then the charts: in the end, all of it.
  const table = page.getByRole('table', { name: /Eval matrix/ });
  await expect(table.getByRole('rowheader')).toHaveCount(scenarios + 1);
  await expect(table.getByRole('rowheader').last()).toHaveText('All scenarios');
  await expect(table.getByRole('row').nth(scenarios).getByRole('cell')).toHaveCount(8);
  const calls = page.getByRole('figure', { name: /^Calls per scenario/ });
  await expect(
    calls
      .getByRole('table', { name: 'Mean LLM calls per run, per scenario and config' })
      .getByRole('rowheader'),
  ).toHaveCount(scenarios);
  for (const name of [/^Tokens vs accuracy/, /^Reflections by trigger/, /^Calls per scenario/])
    await expect(page.getByRole('figure', { name }).locator('svg')).toBeVisible();
  // The last scenario's first cell opens its run from the keyboard.
  const last = table
    .getByRole('row')
    .nth(scenarios)
    .getByRole('button', { name: /^Open .* \(seed 1\) in the inspector$/ })
    .first();
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/inspect\?/);
});

test('the README’s demo: adaptive against fixed reflection on the clear-cut scenarios', async ({
  page,
}) => {
  const setup = await open(page);
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  await setup.getByRole('button', { name: 'All clear-cut scenarios' }).click();
  await pickConfigs(page, ['react+fixed', 'react+adaptive']);
  await expect(setup).toContainText('8 runs');
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 8 runs');
  await expect(page.getByRole('region', { name: 'Verdicts' })).toContainText(
    'react+adaptive: 0 reflections on 4/4 clear-cut scenarios, same accuracy, 29% fewer tokens than react+fixed',
  );
});

test('the matrix setup survives a reload', async ({ page }) => {
  const setup = await open(page);
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  await setup.getByRole('checkbox', { name: SEARCH }).check();
  await pickConfigs(page, ['reflact+off', 'reflact+adaptive']);
  await setup.getByLabel('Seeds per cell').fill('3');
  await expect(setup).toContainText('6 runs');

  await page.reload();
  await expect(setup.getByRole('checkbox', { name: SEARCH })).toBeChecked();
  await expect(setup.getByRole('checkbox', { name: CHECKOUT })).not.toBeChecked();
  await expect(
    setup.getByRole('checkbox', { name: 'reflact+adaptive', exact: true }),
  ).toBeChecked();
  await expect(setup.getByRole('checkbox', { name: 'react+off', exact: true })).not.toBeChecked();
  await expect(setup.getByLabel('Seeds per cell')).toHaveValue('3');
  await expect(setup).toContainText('6 runs');
});
