/**
 * The browser bench's `ui.matrix9800LongestTaskMs`: a 9,800-run matrix picked through `#/eval`
 * by role and label as a user would (the first 14 built-ins in suite order × the 7 mode and
 * gating presets × 100 seeds, the most seeds a cell takes), and the longest main-thread task
 * (`longtask`, the page's probe) from the worker's last progress report — every run done, the
 * rows about to come — until the table, verdicts and charts have drawn and no long task has
 * ended for a second (the kept runs' traces that follow are inside that window too). The median
 * over REPEAT fresh page loads. Figures only, no pass/fail.
 */
import type { Browser, Page } from '@playwright/test';
import { EVAL_PRESETS } from '../../src/projections/eval-matrix';
import { builtinScenarios } from '../../src/scenarios';
import { openBenchContext } from './chromium';
import { BenchError, log, MATRIX_TIMEOUT_MS, REPEAT, timedOut } from './common';
import { armProbe, settledReadout, waitForDone, type Readout } from './probe';

export interface BrowserMatrix9800Figures {
  /** The longest task (ms) from the last progress report until settled; 0: none over 50 ms. */
  readonly matrix9800LongestTaskMs: number;
}

const SCENARIOS = 14;
const SEEDS = 100;
/** The presets without attempts (mode × gating): 7 columns. */
const LABELS = EVAL_PRESETS.slice(0, 7).map((config) => config.label);
const RUNS = SCENARIOS * LABELS.length * SEEDS;

/** Pure: the longest long task that ends after the last progress report and starts before settling. */
export function rowsLongestTask(readout: Readout): number {
  const from = readout.lastProgress?.at ?? readout.doneAt;
  const longest = readout.tasks
    .filter((task) => task.end >= from && task.start <= readout.settledAt)
    .reduce((max, task) => Math.max(max, task.end - task.start), 0);
  return Math.round(longest * 10) / 10;
}

async function oneMatrix(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/#/eval`);
  await page.getByRole('heading', { name: 'Eval matrix', exact: true }).waitFor();
  const setup = page.getByRole('complementary', { name: 'Matrix setup', exact: true });
  await setup.getByRole('button', { name: 'Select no scenarios', exact: true }).click();
  for (const scenario of builtinScenarios().slice(0, SCENARIOS))
    await setup.getByRole('checkbox', { name: scenario.title, exact: true }).check();
  for (const { label } of EVAL_PRESETS)
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(LABELS.includes(label));
  await setup.getByLabel('Seeds per cell', { exact: true }).fill(String(SEEDS));
  const runsText = `${RUNS.toLocaleString('en-US')} runs`;
  await setup
    .getByText(runsText, { exact: true })
    .waitFor({ timeout: 5_000 })
    .catch(timedOut(`the setup does not show "${runsText}" after picking the matrix`));
  await armProbe(page);
  await setup.getByRole('button', { name: 'Run matrix', exact: true }).click();
  await waitForDone(page, MATRIX_TIMEOUT_MS).catch(
    timedOut(`the ${runsText} matrix did not finish in ${MATRIX_TIMEOUT_MS / 1000} s`),
  );
  await page
    .getByRole('figure', { name: /^Calls per scenario/ })
    .locator('svg')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(timedOut('the charts did not appear within 30 s of the rows'));
  const readout = await settledReadout(page);
  if (!readout.doneText.startsWith(`Done: ${runsText}`))
    throw new BenchError(`the matrix ended with "${readout.doneText}", not ${runsText}`);
  return rowsLongestTask(readout);
}

/** The 9,800-run matrix on REPEAT fresh pages of `base`; the median longest task on its rows. */
export async function measureMatrix9800(
  browser: Browser,
  base: string,
): Promise<BrowserMatrix9800Figures> {
  const context = await openBenchContext(browser);
  try {
    const all: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const page = await context.newPage();
      all.push(await oneMatrix(page, base));
      log(`matrix 9,800 page load ${i + 1}: longest task on its rows ${all.at(-1)} ms`);
      await page.close();
    }
    return { matrix9800LongestTaskMs: all.sort((x, y) => x - y)[Math.floor(all.length / 2)]! };
  } finally {
    await context.close();
  }
}
