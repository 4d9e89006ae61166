import type { Page } from '@playwright/test';
import { expect, pickMatrix, test } from './support';

/**
 * Switching views keeps work: each view's store lives as long as the page, so leaving a view and
 * coming back finds it as it was left (settings, runs, lanes, a matrix's results).
 */

const view = (page: Page, name: 'Inspect' | 'Compare' | 'Eval') =>
  page.getByRole('navigation', { name: 'View' }).getByRole('link', { name, exact: true }).click();
const lane = (page: Page, name: string) => page.getByRole('region', { name });
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test('Inspect → Compare → Eval → Present → Exit, and back through each view as it was left', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');

  // Inspect: changed settings and a run.
  const settings = page.getByRole('region', { name: 'Settings' });
  await settings.getByLabel('Reflection gating').selectOption('fixed');
  await settings.getByLabel('Interval', { exact: true }).fill('4');
  await settings.getByLabel('Interval', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText(/Stop reason: (answer|stalled|escalate)/);
  const ran = (await metrics(page).textContent()) ?? '';

  // Compare: custom lanes, run.
  await view(page, 'Compare');
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await page.getByRole('button', { name: 'Add lane' }).click();
  const lanes = [
    'Lane A: Reflection off',
    'Lane B: Fixed cadence',
    'Lane C: Adaptive',
    'Lane D: Copy of Adaptive',
  ];
  await page.getByRole('button', { name: 'Run all' }).click();
  for (const name of lanes) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(
      /answered|stalled|escalated/,
    );
  }
  // Present these lanes, then Exit: all four lanes are still there, with their runs.
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('vs');
  await page.getByRole('link', { name: 'Exit', exact: true }).click();
  for (const name of lanes) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(
      /answered|stalled|escalated/,
    );
  }

  // Eval: a small matrix.
  await view(page, 'Eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, 'RCA: checkout latency after a deploy (clear-cut)', [
    'react+fixed',
    'react+adaptive',
  ]);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status').first()).toContainText('Done: 2 runs');

  // Present from the eval view, then Exit back to it: the results are still there.
  await page.getByRole('link', { name: 'Present', exact: true }).click();
  await page.getByRole('link', { name: 'Exit', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('Done: 2 runs');
  const results = page.getByRole('region', { name: 'Matrix results' });
  await expect(results).toContainText('react+adaptive');

  // Back through each view: compare keeps its four lanes, the inspector its settings and run.
  await view(page, 'Compare');
  await expect(page).toHaveURL(/lane=/);
  for (const name of lanes) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(
      /answered|stalled|escalated/,
    );
  }
  await view(page, 'Inspect');
  await expect(settings.getByLabel('Interval', { exact: true })).toHaveValue('4');
  await expect(settings.getByLabel('Reflection gating')).toHaveValue('fixed');
  await expect(metrics(page)).toHaveText(ran);
});
