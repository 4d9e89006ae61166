import type { Page } from '@playwright/test';
import { expect, freshTest, test } from './support';

/** Chromium logs every failed HTTP status: the mock's 404 below is intended. */
test.use({ consoleAllowed: { allow: [/404.*\/mock\/v1\//] } });

/** The scripts of the service workers registered for the page's origin. */
function mockWorkerScripts(page: Page): Promise<(string | undefined)[]> {
  return page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map(
      (registration) =>
        (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL,
    ),
  );
}

/**
 * The built-in simulated model, served by the mock's service worker over the OpenAI wire and
 * read by the real HTTP client: the top bar follows the run live as it streams.
 */
test.describe('the simulated model', () => {
  async function open(page: Page) {
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
  }

  test('shows live progress and metrics while it streams, then the run ends', async ({ page }) => {
    await open(page);
    await expect(page.locator('html')).toHaveAttribute('data-mock-transport', 'wire');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('builtin');
    await expect(page.getByText('Simulated model: it encodes published tendencies')).toBeVisible();

    await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
    // 5×: the calls still stream, at a fifth of the scenario's own latency.
    await page.getByLabel('Speed', { exact: true }).selectOption('5×');
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    // The progress line names the phase while the call streams; the chips count as steps end.
    const progress = page.getByRole('status').filter({ hasText: 'Running' });
    await expect(progress).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await expect(metrics).toContainText(/LLM calls: [1-9]/);
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();

    await expect(metrics).toContainText(/Stop reason: (answer|stalled)/, { timeout: 30_000 });
    await expect(progress).toHaveCount(0);
  });

  test('Stop ends a streaming run as stopped and keeps what it recorded', async ({ page }) => {
    await open(page);
    await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
    await page.getByLabel('Speed', { exact: true }).selectOption('1×');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await expect(metrics).toContainText('LLM calls: 1');

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('The run was stopped');
    await expect(metrics).toContainText('Stop reason: stopped');
    await expect(metrics).toContainText(/LLM calls: [1-9]/);
  });

  // A context of its own: the test routes the context's requests.
  freshTest(
    'a real endpoint bypasses the mock and shows its error; the mock comes back after',
    async ({ page, context }) => {
      // A "real" endpoint at the mock's own URL: while the mock's worker runs, it would answer;
      // once the worker stops, the request reaches the network, which answers 404 here.
      await context.route('**/mock/v1/chat/completions', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: { message: 'served by the network, not the mock' } }),
        }),
      );
      await page.addInitScript(() => {
        localStorage.setItem(
          'loopscope.endpoints.v1',
          JSON.stringify({
            version: 1,
            endpoints: [
              {
                id: 'endpoint-1',
                kind: 'user',
                name: 'Same URL, real network',
                baseUrl: `${location.origin}/mock/v1`,
                model: 'sim/rca-search-stall',
                protocol: 'text',
                includeUsage: true,
                rememberKey: false,
              },
            ],
          }),
        );
      });
      await open(page);
      await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
      await page.getByLabel('Model', { exact: true }).selectOption('Same URL, real network');
      await expect(page.getByLabel('Speed', { exact: true })).toHaveCount(0);
      await expect(page.getByText('Runs call sim/rca-search-stall at')).toBeVisible();

      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const banner = page.getByRole('alert');
      await expect(banner).toContainText('The model call failed (http_404)');
      await expect(banner).toContainText('served by the network, not the mock');
      await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
        'Stop reason: error',
      );
      // Stopping the mock turned it off for this page only: its worker is still registered.
      // (MSW's own worker unregisters itself when its last page stops or leaves, and a page
      // starting the mock meanwhile finds a registration going away: its update fails, an error
      // in the page, and its requests may miss the mock.)
      const origin = new URL(page.url()).origin;
      expect(await mockWorkerScripts(page)).toEqual([`${origin}/mock-model-worker.js`]);

      await page.getByLabel('Model', { exact: true }).selectOption('Built-in simulated model');
      await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
        'Stop reason: answer',
      );

      // A reload (the page leaves, its last page as far as the worker knows) keeps it too, and
      // the page after it runs on the mock again.
      await page.reload();
      await page.locator('html[data-mock-ready="1"]').waitFor();
      expect(await mockWorkerScripts(page)).toEqual([`${origin}/mock-model-worker.js`]);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
        'Stop reason: answer',
      );
    },
  );
});

// A context of its own: a first visit, with no service worker registered by an earlier test.
freshTest(
  'without service workers the simulated model runs in the page, and says so',
  async ({ page }) => {
    await page.addInitScript(() => {
      // As on a non-secure origin, where browsers do not offer service workers.
      delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
    });
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    await expect(page.locator('html')).toHaveAttribute('data-mock-transport', 'in-process');
    await expect(page.getByText('service workers are unavailable on this origin')).toBeVisible();

    await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await expect(metrics).toContainText('Stop reason: answer');
    await expect(metrics).toContainText('Reflections: 1');
  },
);
