import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/**
 * The guards as a lens: a recorded trace opened from a file shows where the guards would have
 * acted under the settings shown — marks on the timeline and the phase graph, apart from what the
 * run did, and a summary of what the run cost after the first stop. Nothing re-runs.
 */

/**
 * A native trace of the hostile loop recorded with the duplicate guard, the stall exit and
 * reflection out of the way: it calls get_order six times with the same arguments.
 */
const unguardedTrace = () =>
  execFileSync(
    'npx',
    [
      'tsx',
      'src/cli/main.ts',
      'run',
      'shopops-hostile-loop',
      '--duplicates',
      'off',
      '--stall-exit',
      '99',
      '--reflection',
      'off',
      '--json',
    ],
    { encoding: 'utf8' },
  );

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const steps = (page: Page) =>
  timeline(page).getByRole('listbox', { name: 'Steps' }).getByRole('option');
const graph = (page: Page) => page.getByRole('region', { name: 'Phase graph' });
const lensBar = (page: Page) => page.getByRole('region', { name: 'Guards lens' });
const summary = (page: Page) => page.getByRole('status', { name: 'Guards lens summary' });

test('an opened trace shows the would-have marks and what the run cost after the first stop', async ({
  page,
}) => {
  const json = unguardedTrace();
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'unguarded.json',
    mimeType: 'application/json',
    buffer: Buffer.from(json),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Opened unguarded.json');
  await expect(steps(page)).toHaveCount(7);

  // Imported: the lens is on by itself, under the run's own settings (the duplicate guard off).
  const lensSwitch = lensBar(page).getByRole('switch', { name: 'Guards lens' });
  await expect(lensSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(summary(page)).toContainText(
    'No guard would have stopped this run under these settings.',
  );
  await expect(steps(page).nth(1)).toHaveAttribute('aria-label', /would have counted empty/);

  // Tune the lens: the duplicate guard on. The recorded run stays; the lens says where it stops.
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText('The guards lens is on');
  await settings.getByLabel('Duplicate guard', { exact: true }).selectOption('escalate');
  await expect(summary(page)).toContainText(
    'The duplicate guard would have stopped this run at step 1: 5 model calls, 5 tool calls',
  );
  await expect(summary(page)).toContainText('after it.');
  await expect(steps(page)).toHaveCount(7);
  const repeat = steps(page).nth(1);
  await expect(repeat).toHaveAttribute('data-would-have', 'stop');
  await expect(repeat).toHaveAttribute(
    'aria-label',
    /would have escalated this call: it repeats the call of step 0/,
  );
  // The real guard-trip notch is not drawn: nothing tripped in the recorded run.
  await expect(repeat).not.toHaveAttribute('aria-label', /guard tripped/);
  await expect(timeline(page).getByText('Would have stopped')).toBeVisible();

  // The graph: the transition the loop would have taken, dashed and labelled, not taken.
  const edge = graph(page).getByTestId('rf__edge-duplicate-escalate');
  await expect(edge).toHaveAttribute('data-taken', '0');
  await expect(edge).toHaveAttribute('data-would-have', '5');
  await expect(graph(page).locator('[data-edge-label="duplicate-escalate"]')).toContainText(
    'would have ×5: steps 1, 2, 3, …',
  );

  // The first stop is one click away; the page stays accessible with every mark drawn.
  await lensBar(page).getByRole('button', { name: 'Show step 1' }).click();
  await expect(timeline(page).getByRole('status')).toContainText('Step 1 · 2 of 7');
  const lensRecord = page
    .getByRole('region', { name: 'Decision record' })
    .getByRole('region', { name: 'Would have' });
  await expect(lensRecord).toContainText('would have escalated this call');
  expect(await seriousViolations(page)).toEqual([]);

  // Evidence rules the user writes: a refused one says why and changes nothing.
  await lensBar(page).getByText('Evidence rules…').click();
  await lensBar(page).getByLabel('Evidence rules (JSON)').fill('[{"claim": "("}]');
  await lensBar(page).getByRole('button', { name: 'Apply rules' }).click();
  await expect(lensBar(page).getByRole('alert')).toContainText('The evidence rules are refused');
  await expect(summary(page)).toContainText('The duplicate guard would have stopped this run');
  await lensBar(page).getByText('Evidence rules…').click();

  // The switch, from the keyboard: off hides every mark; on brings them back.
  await lensSwitch.focus();
  await page.keyboard.press('Space');
  await expect(lensSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(summary(page)).toHaveCount(0);
  await expect(repeat).not.toHaveAttribute('data-would-have', /./);
  await expect(graph(page).getByTestId('rf__edge-duplicate-escalate')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(lensSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(repeat).toHaveAttribute('data-would-have', 'stop');
});

test('the lens can be switched on for a run recorded here', async ({ page }) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  const lensSwitch = lensBar(page).getByRole('switch', { name: 'Guards lens' });
  await expect(lensSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(summary(page)).toHaveCount(0);
  await lensSwitch.click();
  // Under the settings it ran with, the live guards already decided: no stop to report.
  await expect(summary(page)).toContainText('No guard would have stopped this run');
});
