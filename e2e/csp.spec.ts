import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, pickMatrix, test } from './support';

/**
 * The app under its own Content-Security-Policy (vite.config.ts, sent by
 * `vite preview` and carried by the build's meta tag): a run on the simulated model (MSW's
 * service worker), the phase graph (React Flow), the eval matrix (the Web Worker) — and not one
 * violation, in the page or in a worker.
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';

/** Every CSP violation the page reports, and every console line that speaks of the policy. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  const listen = (where: string) => (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) {
      consoleLines.push(`${where} console ${message.type()}: ${message.text()}`);
    }
  };
  page.on('console', listen('page'));
  page.on('worker', (worker) => worker.on('console', listen(`worker ${worker.url()}`)));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
    ...consoleLines,
  ];
}

test.use({ consoleAllowed: { allow: [/Content Security Policy|Refused to/i] } });

test('every response carries the policy and the security headers; the page carries the meta policy', async ({
  page,
}) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("connect-src 'self' http: https:");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');

  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(meta).toHaveAttribute('content', /script-src 'self'/);
  await expect(meta).not.toHaveAttribute('content', /frame-ancestors/);

  for (const path of ['/mockServiceWorker.js', '/favicon.svg']) {
    const asset = await page.request.get(path);
    expect(asset.headers()['content-security-policy'], path).toBe(policy);
    expect(asset.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test('a run on the simulated model, the phase graph and the eval matrix raise no violation', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByLabel('Scenario', { exact: true }).selectOption('rca-checkout-latency');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics).toContainText('Stop reason: answer');
  await expect(
    page.getByRole('region', { name: 'Phase graph' }).locator('.react-flow__node').first(),
  ).toBeVisible();

  await page.goto('/#/eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, CHECKOUT, ['react+off', 'react+adaptive']);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 2 runs');
  expect(await violations()).toEqual([]);
  // A worker's violations reach neither the page nor its console; what would cause one is zod's
  // eval probe, so the worker's zod must run jitless (set before the engine defines a schema:
  // src/workers/schema-mode.test.ts keeps it the worker's first import).
  const [worker] = page.workers();
  expect(
    await worker?.evaluate(
      () =>
        (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
    ),
  ).toBe(true);

  // The watch itself works: an inline script the page adds is refused and reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(violations).toEqual(expect.arrayContaining(['script-src-elem blocked inline']));
});
