import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * One walkthrough with the keyboard alone — no click anywhere: choose a scenario, run it, step
 * through the timeline, open the decision record's Context tab, switch views, open compare and
 * come back to the inspector.
 */

/** Presses Tab until `target` has the focus (at most `limit` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const views = (page: Page) => page.getByRole('navigation', { name: 'View' });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const position = (page: Page) => timeline(page).getByRole('status');

test('choose, run, step, read the context, compare and come back, by keyboard alone', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const scenario = page.getByLabel('Scenario', { exact: true });
  await expect(scenario).toBeVisible();

  // The scenario picker: typing a title's start picks it, as in any select.
  await tabTo(page, scenario);
  const before = await scenario.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(scenario).not.toHaveValue(before);
  const speed = page.getByLabel('Speed', { exact: true });
  await tabTo(page, speed);
  await page.keyboard.type('Instant');
  await expect(speed.locator('option:checked')).toHaveText('Instant');

  const run = page.getByRole('button', { name: 'Run', exact: true });
  await tabTo(page, run);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason:');
  await expect(run).toBeEnabled();

  // Stepping through the timeline from its step list.
  const cells = timeline(page).getByRole('listbox', { name: 'Steps' });
  await tabTo(page, cells);
  await page.keyboard.press('Home');
  await expect(position(page)).toContainText(/^Step 0 · 1 of \d+/);
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toContainText(/^Step 1 · 2 of \d+/);

  // The decision record of that step, then its Context tab.
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record.getByRole('heading', { name: 'Step 1', exact: true })).toBeVisible();
  const context = record.getByRole('tab', { name: 'Context' });
  await tabTo(page, record.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(context).toHaveAttribute('aria-selected', 'true');
  await expect(record.getByRole('tabpanel', { name: 'Context' })).toBeVisible();

  // Another view, then compare, then back to the inspector.
  await tabTo(page, views(page).getByRole('link', { name: 'Library' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Kept runs' })).toBeVisible();
  await tabTo(page, views(page).getByRole('link', { name: 'Compare' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Run all' })).toBeVisible();
  await tabTo(page, views(page).getByRole('link', { name: 'Inspect' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason:');
});
