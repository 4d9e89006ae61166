import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  addEndpoint,
  assistantTurns,
  errorReply,
  LocalEndpoint,
  streamReply,
  type Received,
} from './local-endpoint';
import { expect, test } from './support';

/**
 * An endpoint's API key, searched for everywhere it must not be: the page's storage (localStorage,
 * sessionStorage unless "Remember for this tab" is ticked, every IndexedDB database), its URL, the
 * console, an error message from a server that echoes the key, every export of the run (trace,
 * trace JSON v1, HTML page, OTLP JSON and JSONL), and every request but its Authorization header.
 * The eval CSV and JSON exports are searched in eval-endpoint.spec.ts.
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
const indexedDbText = (page: Page) =>
  page.evaluate(async () => {
    const dump: Record<string, unknown> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        dump[`${name}/${store}`] = await new Promise((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
      }
      db.close();
    }
    return JSON.stringify(dump);
  });

const storageText = (page: Page, kind: 'localStorage' | 'sessionStorage') =>
  page.evaluate((which) => JSON.stringify({ ...window[which] }), kind);

test('the key is only in the Authorization header: not in storage, exports, the URL, the console or an error', async ({
  page,
}) => {
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addKeyed(page, false);
  await run(page, 'answer');
  // The run reached the library (so IndexedDB holds it) before the search.
  await expect.poll(() => indexedDbText(page)).toContain('need the order first');

  const places: [string, string][] = [
    ['localStorage', await storageText(page, 'localStorage')],
    ['sessionStorage (not remembered)', await storageText(page, 'sessionStorage')],
    ['IndexedDB', await indexedDbText(page)],
    ['Trace (.loopscope.json)', await exported(page, 'Trace (.loopscope.json)')],
    ['Trace JSON v1', await exported(page, 'Trace JSON v1 (as loop run --json)')],
    ['HTML page', await exported(page, 'HTML page')],
    ['OTLP JSON', await exported(page, 'OpenTelemetry (OTLP JSON)')],
    ['OTLP JSONL', await exported(page, 'OpenTelemetry (JSONL)')],
  ];
  // Each place is real (it holds the run), and holds no key.
  for (const [place, text] of places.slice(2)) expect(text, place).toContain('need the order');
  for (const [place, text] of places) expect(text, place).not.toContain(KEY);

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
  expect(console.join('\n')).not.toContain(KEY);
  expect(requests.length).toBeGreaterThanOrEqual(3);
  for (const request of requests) {
    expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    const { authorization: _authorization, ...others } = request.headers;
    expect(JSON.stringify(others)).not.toContain(KEY);
    expect(request.url).not.toContain(KEY);
    expect(request.body).not.toContain(KEY);
  }
});

test('"Remember for this tab" keeps the key in sessionStorage only, and it survives a reload', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addKeyed(page, true);
  expect(await storageText(page, 'sessionStorage')).toContain(KEY);
  expect(await storageText(page, 'localStorage')).not.toContain(KEY);

  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  // The choice of model starts over on a reload; the remembered key does not.
  await page.getByLabel('Model', { exact: true }).selectOption({ label: 'Keyed' });
  const sent = requests.length;
  await run(page, 'answer');
  expect(requests.slice(sent).map((request) => request.headers['authorization'])).toEqual(
    Array(2).fill(`Bearer ${KEY}`),
  );
  await expect.poll(() => indexedDbText(page)).toContain('need the order first');
  expect(await indexedDbText(page)).not.toContain(KEY);
  expect(await storageText(page, 'localStorage')).not.toContain(KEY);
});
