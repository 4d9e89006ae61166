import type { Page } from '@playwright/test';
import { expect, pickMatrix, test } from './support';

/**
 * Saved settings: tune the inspector's settings, save them under a name, pick them as a column
 * of the eval matrix beside the presets; they stay across reloads, and a broken store says so.
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';

async function openInspector(page: Page) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  return page.getByRole('region', { name: 'Settings' });
}

test('save tuned settings, then run them as an eval matrix column', async ({ page }) => {
  const settings = await openInspector(page);
  await settings.getByLabel('Reflection gating').selectOption('fixed');
  await settings.getByLabel('Interval', { exact: true }).fill('2');
  await settings.getByLabel('Interval', { exact: true }).press('Enter');
  await expect(settings).toContainText('2 changed');

  await settings.getByRole('button', { name: 'Save…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save settings' });
  await expect(dialog).toContainText('Reflection gating: Fixed cadence');
  await expect(dialog).toContainText('Interval: 2');
  // A preset's name is taken by the eval matrix.
  await dialog.getByLabel('Name').fill('react+fixed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText("a preset's name");
  await dialog.getByLabel('Name').fill('cadence 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The same name again asks to replace.
  await settings.getByRole('button', { name: 'Save…' }).click();
  await dialog.getByLabel('Name').fill('cadence 2');
  await expect(dialog.getByRole('alert')).toContainText('saved already');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Eval' }).click();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  const saved = setup.getByRole('group', { name: 'Saved settings' });
  await expect(saved.getByRole('checkbox', { name: 'cadence 2' })).toBeVisible();
  await pickMatrix(setup, CHECKOUT, ['react+fixed']);
  await saved.getByRole('checkbox', { name: 'cadence 2' }).check();
  await expect(setup).toContainText('2 runs');
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status').first()).toContainText('Done: 2 runs');

  const table = page.getByRole('table', { name: /Eval matrix/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Scenario',
    'react+fixed',
    'cadence 2',
    'All configs',
  ]);

  // It stays across a reload, and Remove takes it out of the list.
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(saved.getByRole('checkbox', { name: 'cadence 2' })).toBeVisible();
  await saved.getByRole('button', { name: 'Remove saved settings cadence 2' }).click();
  await expect(saved).toContainText('None yet');
});

test('saved settings that cannot be read are reported and kept aside', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('loopscope.saved-configs.v1', '{"version":1,"configs":[{"name":"x"');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/#/eval');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const saved = page
    .getByRole('complementary', { name: 'Matrix setup' })
    .getByRole('group', { name: 'Saved settings' });
  await expect(saved.getByRole('alert')).toContainText(
    'Your saved settings could not be read (not valid JSON)',
  );
  expect(await page.evaluate(() => localStorage.getItem('loopscope.saved-configs.v1'))).toBe(
    '{"version":1,"configs":[{"name":"x"',
  );
});
