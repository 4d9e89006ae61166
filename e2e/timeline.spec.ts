import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/** The timeline: stepping through a finished run by keyboard and mouse, playback, the help. */

/** Runs a built-in scenario at once (instant simulated model) and waits for its stop reason. */
async function runToTheEnd(page: Page, scenario: string, stopReason: string) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Scenario', { exact: true }).selectOption(scenario);
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
    `Stop reason: ${stopReason}`,
  );
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
}

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
/** "Step 1 · 2 of 5 · reflection (stall)": the step the inspector shows, in words. */
const position = (page: Page) => timeline(page).getByRole('status');

test('steps through a stalling run by keyboard', async ({ page }) => {
  await runToTheEnd(page, 'rca-search-stall', 'answer');
  const cells = timeline(page).getByRole('listbox', { name: 'Steps' }).getByRole('option');
  await expect(cells).toHaveCount(5);
  // Only the cells in view are in the DOM, so each says where it is in the whole strip.
  await expect(cells.nth(1)).toHaveAttribute('aria-posinset', '2');
  await expect(cells.nth(4)).toHaveAttribute('aria-posinset', '5');
  for (const cell of await cells.all()) await expect(cell).toHaveAttribute('aria-setsize', '5');
  await expect(position(page)).toHaveText('Step 4 · 5 of 5 · answer');

  await page.keyboard.press('End');
  await expect(position(page)).toHaveText('Step 4 · 5 of 5 · answer');
  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toContainText('Step 3 · 4 of 5 · action');
  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toContainText('Step 2 · 3 of 5 · action');
  await expect(cells.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(timeline(page).getByRole('slider', { name: 'Step' })).toHaveValue('2');

  await page.keyboard.press('Home');
  await expect(position(page)).toHaveText('Step 0 · 1 of 5 · empty action · search_logs');
  await expect(timeline(page).getByRole('button', { name: 'First step' })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toHaveText('Step 1 · 2 of 5 · reflection (stall)');

  await page.keyboard.press('Home');
  await page.keyboard.press(']');
  await expect(position(page)).toContainText('reflection (stall)');
  await expect(cells.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(timeline(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
});

test('follows a live run, and End goes back to following after a look back', async ({ page }) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const cells = timeline(page).getByRole('listbox', { name: 'Steps' }).getByRole('option');
  const marked = timeline(page).locator('[role="option"][aria-selected="true"]');

  // Step lets one model call through (one step here): the run stays live between the clicks.
  const step = page.getByRole('button', { name: 'Step', exact: true });
  await step.click();
  await expect(cells).toHaveCount(1);
  await step.click();
  await expect(cells).toHaveCount(2);
  await expect(position(page)).toHaveText('Step 1 · 2 of 2 · reflection (stall) · live');
  await expect(marked).toHaveCount(1);
  await expect(cells.nth(1)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowLeft');
  await expect(position(page)).toHaveText('Step 0 · 1 of 2 · empty action · search_logs');
  await step.click();
  await expect(cells).toHaveCount(3);
  await expect(position(page)).toContainText('Step 0 · 1 of 3');

  await page.keyboard.press('End');
  await expect(position(page)).toContainText('Step 2 · 3 of 3 · action');
  await expect(position(page)).toContainText('· live');
  await expect(marked).toHaveCount(1);

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(position(page)).toHaveText('Step 4 · 5 of 5 · answer');
  await expect(marked).toHaveCount(1);
});

test('the ? key lists the shortcuts; Escape closes the list and focus goes back', async ({
  page,
}) => {
  await runToTheEnd(page, 'rca-search-stall', 'answer');
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await run.focus();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Next reflection');
  await expect(dialog).toContainText('Previous guard trip');
  // Keys belong to the dialog while it is open.
  await page.keyboard.press('Home');
  await expect(position(page)).toContainText('Step 4');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(run).toBeFocused();

  await timeline(page).getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('clicking a cell shows its step, and Space plays on from there', async ({ page }) => {
  await runToTheEnd(page, 'rca-search-stall', 'answer');
  const strip = timeline(page).getByRole('listbox', { name: 'Steps' });

  await strip.getByRole('option', { name: /^Step 1: reflection \(stall\)/ }).click();
  await expect(position(page)).toHaveText('Step 1 · 2 of 5 · reflection (stall)');
  await expect(strip.getByRole('option', { name: /^Step 1:/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByLabel('Playback speed').selectOption('2×');
  await strip.focus();
  await page.keyboard.press(' ');
  await expect(timeline(page).getByRole('button', { name: 'Pause playback' })).toBeVisible();
  await expect(position(page)).not.toContainText('Step 1 ·');
  // Playback stops by itself on the last step.
  await expect(position(page)).toHaveText('Step 4 · 5 of 5 · answer');
  await expect(timeline(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('the Play button and the step buttons do what their keys do', async ({ page }) => {
  await runToTheEnd(page, 'rca-search-stall', 'answer');
  const controls = timeline(page);
  await controls.getByRole('button', { name: 'First step' }).click();
  await controls.getByRole('button', { name: 'Next reflection' }).click();
  await expect(position(page)).toContainText('reflection (stall)');
  await controls.getByRole('button', { name: 'Next step' }).click();
  await expect(position(page)).toContainText('Step 2 ·');
  await controls.getByRole('button', { name: 'Previous step' }).click();
  await controls.getByRole('button', { name: 'Previous step' }).click();
  await expect(position(page)).toContainText('Step 0 ·');

  await controls.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(position(page)).not.toContainText('Step 0 ·');
  await controls.getByRole('button', { name: 'Pause playback' }).click();
  await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('g jumps to the guard trip of a hostile run', async ({ page }) => {
  await runToTheEnd(page, 'shopops-hostile-loop', 'escalated');
  await page.keyboard.press('Home');
  await expect(position(page)).toContainText('Step 0 · 1 of 2 · action · get_order');
  await page.keyboard.press('g');
  await expect(position(page)).toHaveText('Step 1 · 2 of 2 · escalation (duplicate guard)');
  await expect(timeline(page).getByRole('button', { name: 'Next guard trip' })).toBeDisabled();
  await page.keyboard.press('Home');
  await timeline(page).getByRole('button', { name: 'Next guard trip' }).click();
  await expect(position(page)).toContainText('escalation (duplicate guard)');
});

test('the timeline has no serious accessibility violations, light or dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await runToTheEnd(page, 'rca-search-stall', 'answer');
    expect(await seriousViolations(page, 'section[aria-label="Timeline"]')).toEqual([]);
  }
});
