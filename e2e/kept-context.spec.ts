import { expect, keptSummaries, test } from './support';

/**
 * The suite's own isolation: a test's page opens in its worker's kept context (support.ts), and
 * nothing the app kept in one test is there in the next. The two tests run in this order in one
 * worker (`fullyParallel: false`).
 */

test('a test leaves a kept run, settings, a cookie, a database and a second page behind', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(/Stop reason: [a-z]/);
  await expect.poll(async () => (await keptSummaries(page)).length).toBe(1);
  await page.evaluate(async () => {
    localStorage.setItem('kept-context-probe', '1');
    document.cookie = 'kept-context-probe=1';
    await new Promise((resolve, reject) => {
      const request = indexedDB.open('kept-context-probe');
      request.onupgradeneeded = () => request.result.createObjectStore('probe');
      request.onsuccess = () => {
        request.result.close();
        resolve(undefined);
      };
      request.onerror = () => reject(request.error);
    });
  });
  await page.context().newPage();
});

test('the next test finds none of it, and the mock model serves its page from the start', async ({
  page,
}) => {
  await page.goto('/');
  // The service worker the first test registered controls this page from its first request:
  // it was not told the first test's page had gone (support.ts, `forgetTest`).
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  expect(page.context().pages()).toHaveLength(1);
  expect(await keptSummaries(page)).toEqual([]);
  // The first test chose Instant, a speed the app keeps in localStorage.
  await expect(page.getByLabel('Speed', { exact: true })).not.toHaveValue('0');
  const left = await page.evaluate(async () => ({
    setting: localStorage.getItem('kept-context-probe'),
    cookie: document.cookie,
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(left).toEqual({ setting: null, cookie: '', databases: ['loopscope-library'] });
});
