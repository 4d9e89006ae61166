/** One matrix through the UI, by role and label as a user would pick it, timed by the probe. */
import type { Page } from '@playwright/test';
import { DEFAULT_EVAL_LABELS, EVAL_PRESETS } from '../../src/projections/eval-matrix';
import { builtinScenarios } from '../../src/scenarios';
import { BenchError, MATRIX_MIN_RUNS, MATRIX_TIMEOUT_MS, timedOut } from './common';
import { figures, type BrowserMatrixFigures } from './figures';
import { armProbe, settledReadout, waitForDone, type Readout } from './probe';

/** The matrix this bench runs: every simulated built-in × the CLI's configs × enough seeds. */
export function benchMatrix() {
  const scenarios = builtinScenarios().filter((scenario) => scenario.model.kind === 'simulated');
  const seeds = Math.ceil(MATRIX_MIN_RUNS / (scenarios.length * DEFAULT_EVAL_LABELS.length));
  return {
    titles: scenarios.map((scenario) => scenario.title),
    labels: DEFAULT_EVAL_LABELS,
    seeds,
    runs: scenarios.length * DEFAULT_EVAL_LABELS.length * seeds,
  };
}

/** A matrix as a user picks it in `#/eval`: scenario titles, config labels, seeds, and its size. */
export interface MatrixPick {
  readonly titles: readonly string[];
  readonly labels: readonly string[];
  readonly seeds: number;
  readonly runs: number;
}

/** In `#/eval` (shown), picks `matrix` in the setup by role and label; the setup and "N runs". */
export async function pickMatrix(page: Page, matrix: MatrixPick) {
  await page.getByRole('heading', { name: 'Eval matrix', exact: true }).waitFor();
  const setup = page.getByRole('complementary', { name: 'Matrix setup', exact: true });
  await setup.getByRole('button', { name: 'Select no scenarios', exact: true }).click();
  for (const title of matrix.titles)
    await setup.getByRole('checkbox', { name: title, exact: true }).check();
  for (const { label } of EVAL_PRESETS)
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(matrix.labels.includes(label));
  await setup.getByLabel('Seeds per cell', { exact: true }).fill(String(matrix.seeds));
  const runsText = `${matrix.runs.toLocaleString('en-US')} runs`;
  await setup
    .getByText(runsText, { exact: true })
    .waitFor({ timeout: 5_000 })
    .catch(timedOut(`the setup does not show "${runsText}" after picking the matrix`));
  return { setup, runsText };
}

/**
 * A matrix on a freshly loaded page, picked and started through the UI; the probe's readout once
 * the rows are in, the charts drawn and no long task has ended for QUIET_MS.
 */
export async function runMatrix(
  page: Page,
  base: string,
  matrix: MatrixPick,
  /** Called just before the click on Run matrix (a CPU profile starts here). */
  beforeRun?: () => Promise<void>,
): Promise<Readout> {
  await page.goto(`${base}/#/eval`);
  const { setup, runsText } = await pickMatrix(page, matrix);

  await armProbe(page);
  await beforeRun?.();
  await setup.getByRole('button', { name: 'Run matrix', exact: true }).click();
  await waitForDone(page, MATRIX_TIMEOUT_MS).catch(
    timedOut(
      `the ${runsText} matrix did not finish in ${MATRIX_TIMEOUT_MS / 1000} s (BENCH_TIMEOUT_S raises the limit)`,
    ),
  );
  // The rows are in; the charts are drawn after the table. Settled: the last chart is drawn and
  // no long task has ended for QUIET_MS. Looked for by its caption with a CSS query every 100 ms:
  // a role query walks the whole page (~2,400 elements, 20–70 ms a try on a busy machine), and
  // its tries would be long tasks in the window measured.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('section[aria-label="Matrix results"] figure')].some(
          (figure) =>
            figure.querySelector('figcaption')?.textContent?.startsWith('Calls per scenario') &&
            figure.querySelector('svg') !== null,
        ),
      null,
      { timeout: 30_000, polling: 100 },
    )
    .catch(timedOut('the charts did not appear within 30 s of the rows'));
  const readout = await settledReadout(page);
  if (!Number.isFinite(readout.clickAt))
    throw new BenchError('the click on Run matrix was not seen by the page');
  if (!readout.doneText.startsWith(`Done: ${runsText}`))
    throw new BenchError(`the matrix ended with "${readout.doneText}", not ${runsText}`);
  return readout;
}

/** The bench's matrix on a freshly loaded page, picked and started through the UI. */
export async function measure(page: Page, base: string): Promise<BrowserMatrixFigures> {
  const matrix = benchMatrix();
  return figures(matrix.runs, await runMatrix(page, base, matrix));
}
