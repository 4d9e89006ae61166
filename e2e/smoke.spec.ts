import { expect, test } from './support';

test('the app loads with its title and no console or page errors', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Loopscope');
  await expect(page.getByRole('heading', { level: 1, name: 'Loopscope' })).toBeVisible();
  await page.waitForLoadState('networkidle');
});
