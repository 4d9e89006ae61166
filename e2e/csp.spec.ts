import type { ConsoleMessage, Page } from '@playwright/test';
import {
  assistantTurns,
  errorReply,
  LocalEndpoint,
  streamReply,
  type Received,
} from './local-endpoint';
import { expect, freshTest, pickMatrix, seriousViolations, test } from './support';

/**
 * The app under its own Content-Security-Policy (vite.config.ts, sent by
 * `vite preview` and carried by the build's meta tag): a run on the simulated model (MSW's
 * service worker), the phase graph (React Flow), the eval matrix (the Web Worker) — and not one
 * violation, in the page or in a worker. The page's second policy (src/app/connect-policy.ts)
 * names only the endpoints it knew when it loaded: another origin is refused, by the browser and,
 * before it, by the client with a message that names it; after a reload it connects. Markdown
 * images in model text are links, never fetched (img-src names no remote host).
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
  expect(policy).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("connect-src 'self' http: https:");
  expect(policy).toContain("img-src 'self' data: blob:;");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');

  const [meta, connect] = [0, 1].map((index) =>
    page.locator('meta[http-equiv="Content-Security-Policy"]').nth(index),
  );
  await expect(meta!).toHaveAttribute('content', /(^|; )default-src 'self'(;|$)/);
  await expect(meta!).toHaveAttribute('content', /script-src 'self'/);
  await expect(meta!).not.toHaveAttribute('content', /frame-ancestors/);
  // The page's own second policy: with no endpoint saved, it connects to itself only.
  await expect(connect!).toHaveAttribute('content', "connect-src 'self'");

  for (const path of ['/mock-model-worker.js', '/mockServiceWorker.js', '/favicon.svg']) {
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

const KEY = 'sk-csp-e2e-7d2f';

// A context of its own: the test waits on it for the page a link opens.
freshTest(
  'an endpoint the page did not know is refused, saying to reload; after the reload it runs, and its markdown images are links, never fetched',
  async ({ page, context }) => {
    const received: Received[] = [];
    const server = new LocalEndpoint((request, response) => {
      if (!request.url.endsWith('/chat/completions'))
        return errorReply(response, 404, 'no such path');
      received.push(request);
      const images = `![chart](${server.origin}/chart.png?d=secret) and ![beacon](/beacon.png?d=1)`;
      const turns = [
        'Thought: need the order first\nAction: tool:get_order case_id=O-1001',
        `Thought: done.\nAction: answer Order O-1001 shipped. ${images}`,
      ];
      streamReply(response, turns[assistantTurns(request.body)] ?? turns[1]!);
    });
    await server.start();
    try {
      const violations = await watchPolicy(page);
      const images: string[] = [];
      page.on('request', (request) => {
        if (/\.png/.test(request.url())) images.push(request.url());
      });
      await page.goto('/#/inspect?scenario=shopops-happy');
      await page.locator('html[data-mock-ready="1"]').waitFor();
      const connect = page.locator('meta[http-equiv="Content-Security-Policy"]').nth(1);
      await expect(connect).toHaveAttribute('content', "connect-src 'self'");

      // The browser refuses an origin no saved endpoint names, and reports it.
      const probe = `${server.base()}/models`;
      const outcome = await page.evaluate(
        (url) =>
          fetch(url).then(
            () => 'fetched',
            () => 'refused',
          ),
        probe,
      );
      expect(outcome).toBe('refused');
      await expect.poll(violations).toContainEqual(`connect-src blocked ${probe}`);

      // Adding it: the form says a reload is needed as soon as the URL is in, before any key.
      await page.getByRole('button', { name: 'Manage endpoints…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Endpoints' });
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await dialog.getByLabel('Name').fill('Local');
      await dialog.getByLabel('Base URL').fill(server.base());
      await dialog.getByLabel('Model', { exact: true }).fill('local-model');
      const note = dialog.getByRole('status').filter({ hasText: 'Reload to connect to' });
      await expect(note).toContainText(
        `Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to ${server.origin}.`,
      );
      await expect(note).toContainText(
        'kept across the reload only if “Remember for this tab” is ticked',
      );
      await expect(dialog.getByLabel('API key')).toHaveValue('');
      await dialog.getByLabel('API key').fill(KEY);
      await dialog.getByLabel('Remember for this tab').check();
      await expect(note).toContainText('A key typed here is kept across the reload');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const reload = dialog.getByRole('status', { name: 'Reload needed' });
      await expect(reload).toContainText(`Reload to connect to ${server.origin}.`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // Run before the reload: the client refuses it, and the message names the origin.
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
        'Stop reason: error',
      );
      await expect(page.getByRole('alert')).toContainText(
        `Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to ${server.origin}.`,
      );
      await expect(page.getByRole('alert')).not.toContainText('Failed to fetch');
      expect(received).toEqual([]);
      const before = await violations();
      // The client asked the browser for nothing: the one refusal is the probe's.
      expect(before.filter((line) => !line.includes(' console '))).toEqual([
        `connect-src blocked ${probe}`,
      ]);

      // Reload from the dialog: the page's policy names the endpoint, still the one in use.
      await page.getByRole('button', { name: 'Manage endpoints…' }).click();
      const loaded = page.waitForEvent('load');
      await reload.getByRole('button', { name: 'Reload' }).click();
      await loaded;
      await page.locator('html[data-mock-ready="1"]').waitFor();
      await expect(connect).toHaveAttribute('content', `connect-src 'self' ${server.origin}`);
      await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/endpoint-/);
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
        'Stop reason: answer',
      );
      expect(received.map((request) => request.headers['authorization'])).toEqual(
        Array(2).fill(`Bearer ${KEY}`),
      );

      // The answer's images are links that open them in a new tab; the page fetched none.
      await page
        .getByRole('region', { name: 'Timeline' })
        .getByRole('listbox', { name: 'Steps' })
        .getByRole('option')
        .last()
        .click();
      const record = page.getByRole('region', { name: 'Decision record' });
      const chart = record.getByRole('link', { name: 'Image "chart"' });
      await expect(chart).toHaveAttribute('href', `${server.origin}/chart.png?d=secret`);
      await expect(chart).toHaveAttribute('target', '_blank');
      await expect(chart).toHaveAttribute('rel', /noopener noreferrer/);
      await expect(record.getByRole('link', { name: 'Image "beacon"' })).toHaveAttribute(
        'href',
        '/beacon.png?d=1',
      );
      await expect(record.locator('img')).toHaveCount(0);
      const opened = context.waitForEvent('page');
      await chart.click();
      expect((await opened).url()).toBe(`${server.origin}/chart.png?d=secret`);
      expect(images).toEqual([]);
      expect(await violations()).toEqual(before.filter((line) => line.includes(' console ')));
    } finally {
      await server.stop();
    }
  },
);
