import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** Chromium logs the refused connection of the unreachable endpoint below (meant). */
test.use({ consoleAllowed: { allow: [/net::ERR_/] } });

/** axe-core on the inspector's main views: no serious or critical violations. */

async function open(page: Page) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

async function runToEnd(page: Page) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
    /Stop reason: (answer|stalled)/,
  );
}

/** The serious and critical violations, one line each (rule, impact, where). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(' | ')}`,
    );
}

test('the empty inspector', async ({ page }) => {
  await open(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('after a run', async ({ page }) => {
  await open(page);
  await runToEnd(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('with the endpoints dialog open', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Manage endpoints…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Endpoints' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByLabel('Base URL')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('in dark mode, after a run', async ({ page }) => {
  await open(page);
  await page
    .getByRole('radiogroup', { name: 'Theme' })
    .getByRole('radio', { name: 'Dark' })
    .check();
  await runToEnd(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('after a failed run on an unreachable endpoint', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Manage endpoints…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Endpoints' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByLabel('Name').fill('Closed port');
  await dialog.getByLabel('Base URL').fill('http://127.0.0.1:59997/v1');
  await dialog.getByLabel('Model', { exact: true }).fill('any-model');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Got no response at all');
  expect(await seriousViolations(page)).toEqual([]);
});
