import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { genAiLoop, otlpRequest } from '../src/engine/otel/fixtures/build';
import {
  assistantTurns,
  errorReply,
  LocalEndpoint,
  streamReply,
  type Received,
} from './local-endpoint';
import { watchPolicy } from './policy-watch';
import { expect, freshTest, pickMatrix, seriousViolations, test, timelineSteps } from './support';

/**
 * The app under its own Content-Security-Policy (vite.config.ts, sent by `vite preview` and
 * carried by the build's meta tag), watched in the page and in every worker it starts
 * (./policy-watch.ts): a run on the simulated model (MSW's service worker), the phase graph
 * (React Flow), compare, the presenter, the eval matrix (its Web Worker), the shortcuts, an
 * export, a native and an OTLP trace opened (the open worker), the library — and not one
 * violation. The page's second policy (src/app/connect-policy.ts) names only the endpoints it
 * knew when it loaded: another origin is refused, by the browser and, before it, by the client
 * with a message that names it; after a reload it connects, and its run raises no violation.
 * Markdown images in model text are links, never fetched (img-src names no remote host).
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';

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

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test('a run, the phase graph, compare with both lanes run, the presenter and the eval matrix raise no violation, in the page or a worker', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByLabel('Scenario', { exact: true }).selectOption('rca-checkout-latency');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(
    page.getByRole('region', { name: 'Phase graph' }).locator('.react-flow__node').first(),
  ).toBeVisible();

  // Compare: both lanes run (the align worker lines them up), then presented to the closing slide.
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Compare' })
    .click();
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered|stalled|escalated/);
  }
  await expect(
    page.getByRole('region', { name: 'Aligned steps' }).getByRole('status'),
  ).toContainText('rows');
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  const caption = page.getByRole('region', { name: 'Caption', exact: true });
  await expect(caption).toContainText(/\d+ steps · press Space or Play to start/);
  const rows = Number(/(\d+) steps/.exec(await caption.innerText())?.[1]);
  for (let row = 1; row <= rows; row++) {
    await page.keyboard.press('ArrowRight');
    await expect(caption).toContainText(`Step ${row} of ${rows}`);
  }
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('region', { name: /answered/ })).toBeVisible();

  await page.goto('/#/eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, CHECKOUT, ['react+off', 'react+adaptive']);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 2 runs');
  expect(await violations()).toEqual([]);
  // The watch reached the workers these flows start, the mock model's service worker among them.
  expect(violations.workers()).toEqual(
    expect.arrayContaining([
      'service worker mock-model-worker.js',
      expect.stringMatching(/^worker token-worker-/),
      expect.stringMatching(/^worker eval-worker-/),
    ]),
  );
  // What would cause one in a worker, as it starts, is zod's eval probe: the worker's zod runs
  // jitless (set before the engine defines a schema: src/workers/schema-mode.test.ts keeps it the
  // worker's first import).
  const worker = page.workers().find((each) => /eval-worker/.test(each.url()));
  expect(
    await worker?.evaluate(
      () =>
        (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
    ),
  ).toBe(true);

  // The watch itself works: an inline script the page adds is refused and reported, and so is a
  // script a worker asks for from elsewhere (a data: URL).
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true';
    document.head.append(script);
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  expect(
    await worker?.evaluate(
      (url) =>
        import(url).then(
          () => 'imported',
          () => 'refused',
        ),
      'data:text/javascript,export default 1',
    ),
  ).toBe('refused');
  await expect
    .poll(violations)
    .toEqual(
      expect.arrayContaining([
        'page violation: script-src-elem blocked inline',
        expect.stringMatching(
          /^worker eval-worker-[\w-]+\.js violation: script-src-elem blocked data$/,
        ),
      ]),
    );
});

test('the shortcuts, an export, a native and an OTLP trace opened, and the library raise no violation, in the page or a worker', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const live = await timelineSteps(page).allTextContents();

  // The keyboard: the shortcuts move through the steps, and "?" lists them.
  const position = page.getByRole('region', { name: 'Timeline' }).getByRole('status');
  await page.keyboard.press('Home');
  await expect(position).toContainText(/^Step 0 · 1 of \d+/);
  await page.keyboard.press('End');
  await expect(position).toContainText(`${live.length} of ${live.length}`);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The run exported as a trace, then opened again from that file; then another tool's (OTLP).
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const saving = page.waitForEvent('download');
  await page
    .getByRole('list', { name: 'Export as' })
    .getByRole('button', { name: 'Trace (.loopscope.json)' })
    .click();
  const trace = readFileSync(await (await saving).path());
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(timelineSteps(page)).toHaveCount(0);
  const notice = page.getByTestId('open-notice');
  const input = page.getByTestId('open-file-input');
  await input.setInputFiles({
    name: 'run.loopscope.json',
    mimeType: 'application/json',
    buffer: trace,
  });
  await expect(notice).toContainText('Opened run.loopscope.json');
  await expect(timelineSteps(page)).toHaveText(live);
  await input.setInputFiles({
    name: 'spans.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(otlpRequest(genAiLoop()))),
  });
  await expect(notice).toContainText('Opened spans.json (OTLP');
  await expect(notice).toContainText('kept');

  // The library: its list, a kept run opened, and its export.
  const library = page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' });
  await library.click();
  const rows = page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });
  await expect(rows.filter({ hasText: 'ShopOps O-1001' }).first()).toBeVisible();
  await rows
    .filter({ hasText: 'ShopOps O-1001' })
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await library.click();
  const savingLibrary = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export library' }).click();
  expect(JSON.parse(readFileSync(await (await savingLibrary).path(), 'utf8'))).toMatchObject({
    format: 'loopscope.library',
  });
  expect(violations.workers()).toContainEqual(expect.stringMatching(/^worker open-worker-/));
  expect(await violations()).toEqual([]);
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
      await expect.poll(violations).toContainEqual(`page violation: connect-src blocked ${probe}`);

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
      expect(before.filter((line) => line.includes(' violation: '))).toEqual([
        `page violation: connect-src blocked ${probe}`,
      ]);

      // Reload from the dialog: the page's policy names the endpoint, still the one in use.
      await page.getByRole('button', { name: 'Manage endpoints…' }).click();
      const loaded = page.waitForEvent('load');
      await reload.getByRole('button', { name: 'Reload' }).click();
      await loaded;
      await page.locator('html[data-mock-ready="1"]').waitFor();
      await expect(connect).toHaveAttribute('content', `connect-src 'self' ${server.origin}`);
      await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/endpoint-/);
      // The dialog lists it, with nothing left to reload for.
      await page.getByRole('button', { name: 'Manage endpoints…' }).click();
      await expect(dialog.getByRole('list', { name: 'Your endpoints' })).toContainText('Local');
      await expect(dialog.getByRole('status', { name: 'Reload needed' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
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
      // Nothing since: not the endpoint, its run, the dialog or the links.
      expect(await violations()).toEqual(before);
    } finally {
      await server.stop();
    }
  },
);
