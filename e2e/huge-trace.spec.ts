import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { writeBenchTrace } from '../src/cli/bench-trace';
import { expect, keptSummaries, test } from './support';

/**
 * A 100,000-step native trace (the bench's own file, about 90 MB) opened through the file picker:
 * the inspector shows it, and every step is reachable by keyboard and by the scrubber. Behaviour
 * at size only; how fast it opens belongs to `npm run bench`.
 */

const STEPS = 100_000;

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const position = (page: Page) => timeline(page).getByRole('status');
const strip = (page: Page) => timeline(page).getByRole('listbox', { name: 'Steps' });
const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });

test('a 100,000-step trace opens, and its last, first and middle steps are reachable', async ({
  page,
}, testInfo) => {
  // Writing the file and opening it are heavy on a busy machine: generous ceilings, no timing.
  test.setTimeout(600_000);
  const file = testInfo.outputPath('t100k.json');
  await writeBenchTrace({ steps: STEPS, file });
  // The same run with its first two fields swapped: the page does not take it for a native file
  // at a glance (app/native-start.ts), so only the worker reads it — the longer opening the Stop
  // button is pressed during (the page's own fast reading can finish first on a busy machine).
  const workerOnly = testInfo.outputPath(path.join('worker-only', 't100k.json'));
  mkdirSync(path.dirname(workerOnly), { recursive: true });
  const text = readFileSync(file, 'utf8');
  const head = '{"format":"loopscope.trace","version":2,';
  expect(text.startsWith(head)).toBe(true);
  writeFileSync(workerOnly, `{"version":2,"format":"loopscope.trace",${text.slice(head.length)}`);

  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  const notice = page.getByTestId('open-notice');
  const metrics = page.getByRole('region', { name: 'Metrics' });

  // Read and parsed off the main thread: the notice says how far it got, and the page answers
  // meanwhile — its Stop button stops the opening, and nothing of the file is shown.
  await page.getByTestId('open-file-input').setInputFiles(workerOnly);
  await expect(notice).toHaveText(
    /^(Reading t100k\.json… [\d.]+ MB of [\d.]+ MB|Parsing t100k\.json…)$/,
  );
  await notice.getByRole('button', { name: 'Stop opening' }).click();
  await expect(notice).toBeHidden();
  await expect(metrics).not.toContainText('LLM calls: 100,000');

  // Opened again, the native file itself: read, parsed and shown.
  await page.getByTestId('open-file-input').setInputFiles(file);
  await expect(notice).toContainText('Opened t100k.json: a run of bench-long with 100000 steps', {
    timeout: 300_000,
  });
  await expect(metrics).toContainText('LLM calls: 100,000');
  await expect(position(page)).toHaveText(/^Step 99999 · 100000 of 100000 · action/);

  // The phase graph's pills show their whole counts: none is cut off by its reserved width.
  const pills = page.locator('[data-edge-label]');
  await expect(pills.first()).toBeVisible();
  await expect
    .poll(() =>
      pills.evaluateAll((all) =>
        all
          .filter(
            (pill) =>
              pill.scrollWidth > pill.clientWidth + 1 ||
              [...pill.children].some((line) => line.scrollWidth > line.clientWidth + 1),
          )
          .map((pill) => pill.textContent),
      ),
    )
    .toEqual([]);

  // The strip holds the cells in view, not one per step.
  const cells = strip(page).getByRole('option');
  expect(await cells.count()).toBeLessThan(500);

  // The guards lens over 100,000 steps is worked out in pieces after the paint, and comes.
  const lensSummary = page
    .getByRole('region', { name: 'Guards lens' })
    .getByRole('status', { name: 'Guards lens summary' });
  await expect(lensSummary).toContainText(/would have stopped this run/, { timeout: 120_000 });

  await strip(page).focus();
  await page.keyboard.press('Home');
  await expect(position(page)).toHaveText(/^Step 0 · 1 of 100000 · action/);
  await expect(strip(page).getByRole('option', { name: /^Step 0:/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(record(page)).toContainText('Step 0');
  await expect(timeline(page).getByRole('button', { name: 'First step' })).toBeDisabled();

  await page.keyboard.press('End');
  await expect(position(page)).toHaveText(/^Step 99999 · 100000 of 100000/);
  const last = strip(page).getByRole('option', { name: /^Step 99999:/ });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
  await expect(record(page)).toContainText('Step 99999');
  await expect(record(page)).toContainText('100000 of 100000');

  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toHaveText(/^Step 99998 · 99999 of 100000/);

  await timeline(page).getByRole('slider', { name: 'Step' }).fill('50000');
  await expect(position(page)).toHaveText(/^Step 50000 · 50001 of 100000/);
  const middle = strip(page).getByRole('option', { name: /^Step 50000:/ });
  await expect(middle).toHaveAttribute('aria-selected', 'true');
  await expect(middle).toBeInViewport();
  await expect(record(page)).toContainText('Step 50000');
  await expect(timeline(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);

  // The Context tab of a call that sent 100,002 messages draws the opening and the newest ones.
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('100002 messages sent for step 50000');
  const sent = record(page).getByRole('list', { name: 'Messages sent' }).getByRole('listitem');
  await expect(sent.filter({ hasText: 'You are a ReAct agent' })).toHaveCount(1);
  await expect(sent.filter({ hasText: 'key k49999 is next' })).toHaveCount(1);
  const gap = sent.filter({ hasText: 'earlier messages not shown' });
  const hidden = Number((await gap.textContent())?.match(/\d+/)?.[0]);
  expect(hidden).toBeGreaterThan(99_000);
  expect(await sent.count()).toBeLessThan(500);
  await gap.getByRole('button', { name: 'Show 200 more' }).click();
  await expect(gap).toContainText(`${hidden - 200} earlier messages not shown`);

  await strip(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(record(page)).toContainText('100000 messages sent for step 49999');

  // Kept in the library (written after the first paint): a reload shows the same run again.
  await expect
    .poll(async () => (await keptSummaries(page)).map((row) => row['steps']), { timeout: 120_000 })
    .toContain(STEPS);
  await page.reload();
  await expect(metrics).toContainText('LLM calls: 100,000', { timeout: 120_000 });
  await expect(position(page)).toHaveText(/ of 100000 · /);
});
