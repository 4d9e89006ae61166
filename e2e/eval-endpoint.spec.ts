import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';
import {
  addEndpoint,
  errorReply,
  LocalEndpoint,
  streamReply,
  type Received,
} from './local-endpoint';
import { keptText, keyInRequests, test } from './key-search';
import { expect, seriousViolations } from './support';

/** Chromium logs each failed request to the fake endpoint (its 503s, 401s and aborted fetches are meant). */
test.use({
  consoleAllowed: { allow: [/127\.0\.0\.1:\d+\/v1/, /net::ERR_/, /status of (401|503)/] },
});

/**
 * The eval matrix on a real endpoint: an endpoint added through the endpoints dialog, a small
 * matrix run on it from the eval view's worker, N requests at a time, an error row, the exports,
 * a cancel that aborts the requests in flight, and an early stop on a refused key.
 *
 * The endpoint is a tiny OpenAI-compatible server started here (the outside world). It is a real
 * HTTP server rather than `context.route`: the requests come from a dedicated Web Worker, behind
 * the mock model's service worker, and Playwright's Chromium interception of worker requests has
 * broken more than once (microsoft/playwright#4487, #31747, #32355); a server sees every request
 * exactly as the browser sent it, headers included.
 */

const KEY = 'sk-e2e-7f3a9c1d5b8e2f60';
const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';
const SEARCH = 'RCA: search timeouts, first leads find nothing (stalling)';
const HAPPY = 'ShopOps O-1001: happy path';
/** The search scenario's task: the fake server fails every run of it (an overloaded model). */
const SEARCH_TASK = 'Search requests time out for some users since this morning.';
const PRESETS = [
  'act+off',
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+off',
  'reflact+fixed',
  'reflact+adaptive',
];

/** The fake endpoint: records requests; `hold` keeps replies back until `release`. */
class FakeEndpoint {
  readonly requests: Received[] = [];
  hold = false;
  inFlight = 0;
  maxInFlight = 0;
  aborted = 0;
  private held: (() => void)[] = [];
  private readonly server = new LocalEndpoint((request, response) =>
    this.handle(request, response),
  );

  get baseUrl(): string {
    return this.server.base();
  }

  get pending(): number {
    return this.held.length;
  }

  start(): Promise<void> {
    return this.server.start();
  }

  async stop(): Promise<void> {
    this.release();
    await this.server.stop();
  }

  reset(): void {
    this.release();
    this.requests.length = 0;
    this.hold = false;
    this.inFlight = 0;
    this.maxInFlight = 0;
    this.aborted = 0;
  }

  release(): void {
    this.hold = false;
    for (const reply of this.held.splice(0)) reply();
  }

  private async handle(request: Received, response: ServerResponse): Promise<void> {
    this.requests.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    response.on('close', () => {
      this.inFlight--;
      if (!response.writableEnded) this.aborted++;
    });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (response.destroyed) return;

    if (request.headers.authorization !== `Bearer ${KEY}`) {
      errorReply(response, 401, 'Incorrect API key provided.');
    } else if (request.body.includes(SEARCH_TASK)) {
      // Not retried, so one request per run: the count below stays exact.
      errorReply(response, 503, 'The model is overloaded.', { 'x-should-retry': 'false' });
    } else {
      const text =
        'Thought: The deploy shrank the connection pool.\n' +
        'Final Answer: The deploy at 14:03 cut the checkout DB connection pool from 50 to 10.';
      streamReply(response, text, { prompt_tokens: 412, completion_tokens: 31, total_tokens: 443 });
    }
  }
}

const endpoint = new FakeEndpoint();

test.beforeAll(async () => {
  await endpoint.start();
});

test.afterAll(async () => {
  await endpoint.stop();
});

test.beforeEach(() => {
  endpoint.reset();
});

/** Opens the eval view and adds an endpoint through the endpoints dialog beside "Model". */
async function addEndpointAndOpenEval(page: Page, name: string, key: string) {
  await page.goto('/#/eval');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(page.getByRole('heading', { name: 'Eval matrix' })).toBeVisible();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await addEndpoint(page, {
    name,
    baseUrl: endpoint.baseUrl,
    model: 'fake-model',
    key,
    opener: setup.getByRole('button', { name: 'Manage endpoints…' }),
  });
  return setup;
}

async function pick(page: Page, scenarios: readonly string[], configs: readonly string[]) {
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  for (const title of scenarios) await setup.getByRole('checkbox', { name: title }).check();
  for (const label of PRESETS)
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(configs.includes(label));
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Matrix progress' });

test('a small matrix on an endpoint: two requests at a time, progress, an error row, exports without the key', async ({
  page,
  keySeen,
}) => {
  const setup = await addEndpointAndOpenEval(page, 'Fake llama', KEY);
  const model = setup.getByLabel('Model', { exact: true });
  await expect(model).toHaveValue('builtin');
  await model.selectOption({ label: 'Fake llama' });
  const host = new URL(endpoint.baseUrl).host;
  await expect(setup).toContainText(`Calls fake-model at ${host} · text protocol · key set`);
  await expect(setup.getByLabel('Concurrent runs')).toHaveValue('2');

  await pick(page, [CHECKOUT, SEARCH, HAPPY], ['react+off', 'react+adaptive']);
  // The scripted replay is skipped on an endpoint, and the count says so.
  await expect(setup).toContainText('1 picked scenario is a scripted replay');
  await expect(setup).toContainText('4 runs on Fake llama');
  await expect(setup).toContainText('2 scenarios × 2 configs × 1 seed, 2 at a time');

  // Replies are held: the matrix shows it is running, with two requests in flight.
  endpoint.hold = true;
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect.poll(() => endpoint.pending).toBe(2);
  await expect(page.getByRole('status')).toHaveText(
    'Running 4 runs on Fake llama (fake-model), 2 at a time…',
  );
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '4');
  endpoint.release();

  await expect(progress(page)).toHaveAttribute('aria-valuenow', '4');
  await expect(page.getByRole('status')).toHaveText(
    'Done: 4 runs (2 scenarios × 2 configs × 1 seed) on Fake llama (fake-model).',
  );
  expect(endpoint.requests).toHaveLength(4);
  expect(endpoint.maxInFlight).toBe(2);

  // The search scenario's runs failed: error rows, and one grouped error that says what happened.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('2 runs failed');
  await expect(alert).toContainText('rca-search-stall · react+off · seed 1 and 1 more');
  await expect(alert).toContainText('503 Service Unavailable');
  await expect(alert).toContainText('The model is overloaded.');
  const table = page.getByRole('table', { name: /Eval matrix/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Scenario',
    'react+off',
    'react+adaptive',
    'All configs',
  ]);
  await expect(table.getByRole('rowheader', { name: /ShopOps/ })).toHaveCount(0);
  const search = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /search timeouts/ }) });
  await expect(search.getByRole('cell').nth(0)).toContainText('error');
  const checkout = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /checkout latency/ }) });
  await expect(checkout.getByRole('cell').nth(0)).toContainText('correct');

  // The key went only into the Authorization header of each request.
  for (const request of endpoint.requests) {
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    const { authorization: _authorization, ...others } = request.headers;
    expect(JSON.stringify(others)).not.toContain(KEY);
    expect(request.url).not.toContain(KEY);
    expect(request.body).not.toContain(KEY);
    expect(JSON.parse(request.body).model).toBe('fake-model');
  }

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = (await readFile(await csv.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(1 + 4);
  expect(lines[0]).toMatch(/,model_ms,endpoint,model$/);
  expect(lines.slice(1).every((line) => line.endsWith(',Fake llama,fake-model'))).toBe(true);
  expect(lines.filter((line) => line.includes(',error,error,'))).toHaveLength(2);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  const jsonText = await readFile(await json.path(), 'utf8');
  const rows = JSON.parse(jsonText) as { endpoint: unknown }[];
  expect(rows.map((row) => row.endpoint)).toEqual(
    Array(4).fill({ name: 'Fake llama', model: 'fake-model' }),
  );
  for (const text of [lines.join('\n'), jsonText]) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(host);
  }
  // Nor in what the origin keeps (the key was not remembered), the URL, or any console: the
  // page's, the eval worker's (which made the requests) or the service worker's.
  for (const [place, text] of await keptText(page)) expect(text, place).not.toContain(KEY);
  expect(page.url()).not.toContain(KEY);
  expect(keySeen.console.join('\n')).not.toContain(KEY);
  // The browser's own record of the requests, the worker's included: the key in the
  // Authorization header of those four, and nowhere else in any request.
  expect(await keyInRequests(keySeen.requests, KEY)).toEqual({ bearer: 4, elsewhere: [] });

  expect(await seriousViolations(page)).toEqual([]);
});

test('Cancel aborts the requests in flight and sends no more', async ({ page }) => {
  const setup = await addEndpointAndOpenEval(page, 'Fake llama', KEY);
  await setup.getByLabel('Model', { exact: true }).selectOption({ label: 'Fake llama' });
  await pick(page, [CHECKOUT, SEARCH], ['react+off', 'react+adaptive']);
  endpoint.hold = true;
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect.poll(() => endpoint.pending).toBe(2);

  await setup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Cancelled after 0 of 4 runs on Fake llama (fake-model): the matrix shows the runs that finished.',
  );
  await expect.poll(() => endpoint.aborted).toBe(2);
  await expect(setup.getByRole('button', { name: 'Run matrix' })).toBeEnabled();
  endpoint.release();
  expect(endpoint.requests).toHaveLength(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a refused key stops the matrix after its first runs, and says what to do', async ({
  page,
}) => {
  const setup = await addEndpointAndOpenEval(page, 'Wrong key', 'sk-not-the-right-one');
  await setup.getByLabel('Model', { exact: true }).selectOption({ label: 'Wrong key' });
  await pick(page, [CHECKOUT], PRESETS);
  await setup.getByLabel('Seeds per cell').fill('2');
  await expect(setup).toContainText('14 runs on Wrong key');
  await setup.getByRole('button', { name: 'Run matrix' }).click();

  await expect(page.getByRole('status')).toContainText(
    /^Stopped early after 2 of 14 runs on Wrong key \(fake-model\)\. The first 2 runs all failed with the same error \(http_401\), so the other 12 were not run\. Fix what the error says, then run the matrix again\.$/,
  );
  await expect(page.getByRole('alert')).toContainText('check the API key');
  await expect(setup).toContainText('Stopped early');
  // The two runs that failed, and at most the one that started beside the second and was aborted.
  expect(endpoint.requests.length).toBeLessThanOrEqual(3);

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('an endpoint added without the reload is named before Run, and Reload keeps it chosen', async ({
  page,
}) => {
  await page.goto('/#/eval');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  // Added in the dialog, which says to reload; closed without reloading.
  await addEndpoint(page, {
    opener: setup.getByRole('button', { name: 'Manage endpoints…' }),
    name: 'Fake llama',
    baseUrl: endpoint.baseUrl,
    model: 'fake-model',
    reload: false,
  });

  const origin = new URL(endpoint.baseUrl).origin;
  const notice = setup.getByRole('status', { name: 'Reload needed' });
  await expect(notice).toBeHidden();
  await setup.getByLabel('Model', { exact: true }).selectOption({ label: 'Fake llama' });
  await expect(notice).toContainText(`Reload to connect to ${origin}.`);

  const loaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await loaded;
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(setup.getByLabel('Model', { exact: true })).toHaveValue(/.+/);
  await expect(setup.getByLabel('Model', { exact: true }).locator('option:checked')).toHaveText(
    'Fake llama',
  );
  await expect(notice).toBeHidden();
  expect(endpoint.requests).toHaveLength(0);
});
