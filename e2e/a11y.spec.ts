import type { Page } from '@playwright/test';
import { addEndpoint } from './local-endpoint';
import { expect, freshTest, seriousViolations, streamingRun, test } from './support';

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
  // With the note that a new origin needs a reload.
  await dialog.getByLabel('Base URL').fill('http://127.0.0.1:59997/v1');
  await expect(dialog.getByRole('status')).toContainText('Reload to connect to');
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
  await addEndpoint(page, {
    name: 'Closed port',
    baseUrl: 'http://127.0.0.1:59997/v1',
    model: 'any-model',
  });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Got no response at all');
  expect(await seriousViolations(page)).toEqual([]);
});

/** The CSS animations running on the page now, by name. */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => (animation as CSSAnimation).animationName ?? 'script'),
  );
}

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  freshTest.describe(`with prefers-reduced-motion: ${reducedMotion}`, () => {
    freshTest.use({ reducedMotion });

    freshTest(
      reducedMotion === 'reduce'
        ? 'nothing on the page moves while a run streams'
        : 'the live run pulses while it streams',
      async ({ page }) => {
        const streaming = await streamingRun(page);
        await expect(page.getByRole('status').filter({ hasText: /^Running/ })).toBeVisible();
        if (reducedMotion === 'reduce') expect(await runningAnimations(page)).toEqual([]);
        else expect(await runningAnimations(page)).toContain('pulse');
        await page.getByRole('button', { name: 'Stop', exact: true }).click();
        await expect(streaming).toBeHidden();
      },
    );
  });
}
