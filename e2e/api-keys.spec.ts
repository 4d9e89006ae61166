import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { keptText, keyInRequests, test } from './key-search';
import {
  addEndpoint,
  assistantTurns,
  errorReply,
  LocalEndpoint,
  streamReply,
  type Received,
} from './local-endpoint';
import { expect } from './support';

/**
 * An endpoint's API key, searched for everywhere it must not be: what the page's origin keeps
 * (localStorage, sessionStorage unless "Remember for this tab" is ticked, every IndexedDB
 * database, Cache Storage, cookies), its URL, every console (the page's, its workers' and its
 * service worker's), an error message from a server that echoes the key, every export of the run
 * (trace, trace JSON v1, HTML page, OTLP JSON and JSONL), and every request but its Authorization
 * header, as the endpoint received it and as the browser sent it. With the key remembered, all
 * of it again after a reload brings the key back. The eval CSV and JSON exports, and the requests
 * and console of the eval matrix's worker, are searched in eval-endpoint.spec.ts.
 */

test.use({ consoleAllowed: { allow: [/127\.0\.0\.1:\d+\/v1/, /status of 401/] } });

const KEY = 'sk-keys-e2e-4b1d9e7a2c';
const TURNS = [
  'Thought: need the order first\nAction: tool:get_order case_id=O-1001',
  'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago.',
];

/** A local OpenAI-compatible server: answers the run, or (`refuse`) a 401 that echoes the key. */
const requests: Received[] = [];
let refuse = false;
const endpoint = new LocalEndpoint((request, response) => {
  requests.push(request);
  if (refuse) {
    const message = `Incorrect API key provided: ${String(request.headers.authorization)}`;
    return errorReply(response, 401, message);
  }
  streamReply(response, TURNS[assistantTurns(request.body)] ?? TURNS[1]!);
});
test.beforeAll(() => endpoint.start());
test.afterAll(() => endpoint.stop());

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

const addKeyed = (page: Page, remember: boolean) =>
  addEndpoint(page, {
    name: 'Keyed',
    baseUrl: endpoint.base(),
    model: 'keyed-model',
    key: KEY,
    remember,
  });

async function run(page: Page, stop: string): Promise<void> {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText(`Stop reason: ${stop}`);
}

/** Export → `choice`: the downloaded file's text. */
async function exported(page: Page, choice: string): Promise<string> {
  const menu = page.getByRole('list', { name: 'Export as' });
  if (!(await menu.isVisible()))
    await page.getByRole('button', { name: 'Export', exact: true }).click();
  const saving = page.waitForEvent('download');
  await menu.getByRole('button', { name: choice }).click();
  return readFileSync(await (await saving).path(), 'utf8');
}

/** Every record of every IndexedDB database of the page, as one JSON text. */
const indexedDbText = async (page: Page) =>
  Object.fromEntries(await keptText(page)).IndexedDB ?? '';

/** Every export of the run in view: [its name, its text]. */
const runExports = async (page: Page): Promise<[string, string][]> => [
  ['Trace (.loopscope.json)', await exported(page, 'Trace (.loopscope.json)')],
  ['Trace JSON v1', await exported(page, 'Trace JSON v1 (as loop run --json)')],
  ['HTML page', await exported(page, 'HTML page')],
  ['OTLP JSON', await exported(page, 'OpenTelemetry (OTLP JSON)')],
  ['OTLP JSONL', await exported(page, 'OpenTelemetry (JSONL)')],
];

test('the key is only in the Authorization header: not in storage, exports, the URL, the console or an error', async ({
  page,
  keySeen,
}) => {
  const sent = requests.length;
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addKeyed(page, false);
  await run(page, 'answer');
  // The run reached the library (so IndexedDB holds it) before the search.
  await expect.poll(() => indexedDbText(page)).toContain('need the order first');

  const kept = await keptText(page);
  const exports = await runExports(page);
  // Each export is real (it holds the run), as is IndexedDB; no place holds the key.
  for (const [place, text] of [...exports, ...kept.filter(([name]) => name === 'IndexedDB')])
    expect(text, place).toContain('need the order');
  for (const [place, text] of [...kept, ...exports]) expect(text, place).not.toContain(KEY);

  // The Library's export (every kept run and the user's scenarios as one file): the run, no key.
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  const savingLibrary = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export library' }).click();
  const library = readFileSync(await (await savingLibrary).path(), 'utf8');
  expect(library).toContain('need the order');
  expect(library).not.toContain(KEY);

  // Compare's lanes, run on the same endpoint, exported as traces and as a page: no key.
  await page.goto('/#/compare?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all())
    await expect(lane.getByRole('status').first()).toHaveText(/answered/);
  for (const button of ['Export traces', 'Export HTML page']) {
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    const text = readFileSync(await (await saving).path(), 'utf8');
    expect(text, button).toContain('need the order');
    expect(text, button).not.toContain(KEY);
  }
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();

  // A server that echoes the key in its error: the message names the problem, not the key.
  refuse = true;
  await run(page, 'error');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('401 Unauthorized');
  await expect(alert).toContainText('[redacted]');
  expect(await page.locator('body').innerText()).not.toContain(KEY);
  expect(await exported(page, 'Trace (.loopscope.json)')).toContain('[redacted]');
  expect(await exported(page, 'Trace (.loopscope.json)')).not.toContain(KEY);
  refuse = false;

  expect(page.url()).not.toContain(KEY);
  expect(keySeen.console.join('\n')).not.toContain(KEY);
  // Every request the endpoint received carried the key, in its Authorization header only.
  const received = requests.slice(sent);
  expect(received.length).toBeGreaterThanOrEqual(3);
  for (const request of received) {
    expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    const { authorization: _authorization, ...others } = request.headers;
    expect(JSON.stringify(others)).not.toContain(KEY);
    expect(request.url).not.toContain(KEY);
    expect(request.body).not.toContain(KEY);
  }
  // And the browser sent it nowhere else: those requests, and no other, as the page sent them.
  expect(await keyInRequests(keySeen.requests, KEY)).toEqual({
    bearer: received.length,
    elsewhere: [],
  });
});

test('"Remember for this tab" keeps the key in sessionStorage only, and a reload brings it back to the Authorization header alone', async ({
  page,
  keySeen,
}) => {
  const sent = requests.length;
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addKeyed(page, true);
  /** The sessionStorage entries that hold the key: the endpoint's remembered key, alone. */
  const holding = () =>
    page.evaluate(
      (key) =>
        Object.entries({ ...sessionStorage })
          .filter(([, value]) => value.includes(key))
          .map(([name, value]) => [name, value === key]),
      KEY,
    );
  const remembered = /^loopscope\.endpoint-key\./;
  expect(await holding()).toEqual([[expect.stringMatching(remembered), true]]);
  expect(Object.fromEntries(await keptText(page)).localStorage).not.toContain(KEY);

  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  // The choice of model starts over on a reload; the remembered key does not.
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'Keyed' });
  await run(page, 'answer');
  expect(requests.slice(sent).map((request) => request.headers['authorization'])).toEqual(
    Array(2).fill(`Bearer ${KEY}`),
  );
  await expect.poll(() => indexedDbText(page)).toContain('need the order first');

  // Back from sessionStorage, the key is still nowhere else: not what the origin keeps (but its
  // own sessionStorage entry), not the run's exports, the URL, a console or another request part.
  expect(await holding()).toEqual([[expect.stringMatching(remembered), true]]);
  const exports = await runExports(page);
  for (const [place, text] of exports) expect(text, place).toContain('need the order');
  for (const [place, text] of [...(await keptText(page, remembered)), ...exports])
    expect(text, place).not.toContain(KEY);
  expect(page.url()).not.toContain(KEY);
  expect(keySeen.console.join('\n')).not.toContain(KEY);
  for (const request of requests.slice(sent)) {
    const { authorization: _authorization, ...others } = request.headers;
    expect(JSON.stringify(others)).not.toContain(KEY);
    expect(request.url).not.toContain(KEY);
    expect(request.body).not.toContain(KEY);
  }
  expect(await keyInRequests(keySeen.requests, KEY)).toEqual({ bearer: 2, elsewhere: [] });
});
