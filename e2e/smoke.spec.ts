import { expect, test } from '@playwright/test';

test('the app loads with its title and no console or page errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`pageerror: ${error.message}`);
  });

  await page.goto('/');

  await expect(page).toHaveTitle('Loopscope');
  await expect(page.getByRole('heading', { level: 1, name: 'Loopscope' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(errors).toEqual([]);
});
