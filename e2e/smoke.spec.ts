// A context of its own: the app's first visit (no cached files, no service worker yet).
import { expect, freshTest as test } from './support';

test('the app loads with its title and no console or page errors', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Loopscope');
  await expect(page.getByRole('heading', { level: 1, name: 'Loopscope' })).toBeVisible();
  await page.waitForLoadState('networkidle');
});
