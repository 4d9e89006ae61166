import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, keptSummaries, test } from './support';

/**
 * The fault matrix in Chromium: a local OpenAI-compatible server (real HTTP, CORS allowed)
 * answers the first model call of shopops-happy well and serves one fault on the second. Each row
 * checks the banner (what happened, what to do), the steps recorded before the fault, and the
 * Library's entry, opened again in the inspector. The CLI's matrix is src/cli/faults.test.ts;
 * the 10 MB reply in Chromium (and the page staying responsive) is in hostile-size.spec.ts.
 */

test.use({
  consoleAllowed: { allow: [/127\.0\.0\.1:\d+\//, /net::ERR_/, /status of (401|403|404|429|500)/] },
});

const FIRST_TURN = 'Thought: need the order first\nAction: tool:get_order case_id=O-1001';
const LAST_TURN = 'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago.';

type Res = ServerResponse;
const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const streamHead = (res: Res) => res.writeHead(200, { 'Content-Type': 'text/event-stream' });
const reply = (res: Res, text: string) => {
  streamHead(res);
  res.end(`${chunk(text)}${chunk('', 'stop')}data: [DONE]\n\n`);
};
const status = (res: Res, code: number, message: string, headers: Record<string, string> = {}) =>
  res
    .writeHead(code, { 'Content-Type': 'application/json', ...headers })
    .end(JSON.stringify({ error: { message } }));

interface Fault {
  readonly name: string;
  /** Serves the second call; `tries` counts its tries (1 for the first). */
  readonly serve: (res: Res, tries: number) => void;
  readonly idleLimitS?: number;
  readonly stop: 'error' | 'answer';
  /** Words the banner must hold (none for a run that recovered). */
  readonly says: readonly (string | RegExp)[];
}

const FAULTS: readonly Fault[] = [
  {
    name: '401',
    serve: (res) => status(res, 401, 'Invalid key'),
    stop: 'error',
    says: ['(http_401)', 'check the API key'],
  },
  {
    name: '403',
    serve: (res) => status(res, 403, 'No access'),
    stop: 'error',
    says: ['(http_403)', 'lack permission for this model'],
  },
  {
    name: '404',
    serve: (res) => status(res, 404, 'no such model'),
    stop: 'error',
    says: ['(http_404)', 'check the base URL'],
  },
  {
    name: '429 with Retry-After',
    serve: (res) => status(res, 429, 'slow down', { 'Retry-After': '1' }),
    stop: 'error',
    says: ['gave up after 3 tries', 'wait a minute and try again'],
  },
  {
    name: '429 without Retry-After',
    serve: (res) => status(res, 429, 'slow down'),
    stop: 'error',
    says: ['gave up after 3 tries', 'rate limiting'],
  },
  {
    name: '500 then success',
    serve: (res, tries) => (tries === 1 ? status(res, 500, 'boom') : reply(res, LAST_TURN)),
    stop: 'answer',
    says: [],
  },
  {
    name: 'stream cut mid-token',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: che'));
      setTimeout(() => res.socket?.destroy(), 50);
    },
    stop: 'error',
    says: ['(stream_truncated)', /try again/i],
  },
  {
    name: 'error object in a 200 stream',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: '));
      res.end(`data: ${JSON.stringify({ error: { message: 'Context length exceeded' } })}\n\n`);
    },
    stop: 'error',
    says: ['(stream_error)', 'Context length exceeded', 'Try again'],
  },
  {
    name: 'idle stream',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: hm'));
    },
    idleLimitS: 1,
    stop: 'error',
    says: ['(stream_idle)', 'No data for 1 s', 'idle limit'],
  },
  {
    name: 'malformed SSE lines',
    serve: (res) => {
      streamHead(res);
      res.end('data: {"choices": [oops\n\n');
    },
    stop: 'error',
    says: ['(stream_bad_event)', 'not JSON', 'check that the base URL'],
  },
  {
    name: 'no [DONE] after the finish',
    serve: (res) => {
      streamHead(res);
      res.end(chunk(LAST_TURN, 'stop'));
    },
    stop: 'answer',
    says: [],
  },
  {
    name: 'no [DONE] and no finish',
    serve: (res) => {
      streamHead(res);
      res.end(chunk('Thought: half a th'));
    },
    stop: 'error',
    says: ['(stream_truncated)', 'no [DONE] and no finish reason', 'try again'],
  },
];

/** The server; a path's first part names the fault ("hold" keeps the second call open). */
class FaultServer {
  private server: Server | null = null;
  private readonly tries = new Map<string, number>();
  readonly held: Res[] = [];

  base(name: string): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/${encodeURIComponent(name)}/v1`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: Res): Promise<void> {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader('Access-Control-Expose-Headers', 'retry-after, x-should-retry');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let raw = '';
    for await (const data of req) raw += String(data);
    const name = decodeURIComponent((req.url ?? '').split('/')[1] ?? '');
    const turn = (JSON.parse(raw) as { messages: { role: string }[] }).messages.filter(
      (message) => message.role === 'assistant',
    ).length;
    if (turn === 0) return reply(res, FIRST_TURN);
    if (name === 'hold') {
      streamHead(res);
      res.write(chunk('Thought: the notes say'));
      return void this.held.push(res);
    }
    const count = (this.tries.get(name) ?? 0) + 1;
    this.tries.set(name, count);
    const fault = FAULTS.find((row) => row.name === name);
    if (fault) fault.serve(res, count);
    else status(res, 400, `no fault ${name}`);
  }
}

const server = new FaultServer();
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const steps = (page: Page) =>
  page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listbox', { name: 'Steps' })
    .getByRole('option');
const keptRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

async function useEndpoint(page: Page, name: string, idleLimitS?: number): Promise<void> {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Manage endpoints…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Endpoints' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByLabel('Name').fill('Faulty');
  await dialog.getByLabel('Base URL').fill(server.base(name));
  await dialog.getByLabel('Model', { exact: true }).fill('m');
  if (idleLimitS) await dialog.getByLabel('Idle limit (s)').fill(String(idleLimitS));
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByRole('list', { name: 'Your endpoints' })).toContainText('in use');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The Library keeps the run with the steps the page showed; it opens as it was. */
async function expectKept(page: Page, stepCount: number, stop: string): Promise<void> {
  await expect
    .poll(async () => (await keptSummaries(page)).map((row) => row['steps']))
    .toEqual([stepCount]);
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(keptRows(page)).toHaveCount(1);
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(steps(page)).toHaveCount(stepCount);
  await expect(metrics(page)).toContainText(`Stop reason: ${stop}`);
}

for (const fault of FAULTS) {
  test(`fault: ${fault.name}`, async ({ page }) => {
    await useEndpoint(page, fault.name, fault.idleLimitS);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(metrics(page)).toContainText(`Stop reason: ${fault.stop}`);
    const recorded = fault.stop === 'answer' ? 2 : 1;
    await expect(steps(page)).toHaveCount(recorded);
    if (fault.stop === 'error') {
      const banner = page.getByRole('alert');
      await expect(banner).toContainText('The model call failed');
      for (const words of fault.says) await expect(banner).toContainText(words);
      await expect(banner).toContainText('The steps recorded before it stay below');
    }
    await expectKept(page, recorded, fault.stop);
  });
}

test('fault: Stop mid-stream keeps the step before and says the run was stopped', async ({
  page,
}) => {
  await useEndpoint(page, 'hold');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Streaming model call' })).toContainText(
    'the notes say',
  );
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: stopped');
  await expect(page.getByText('The run was stopped')).toBeVisible();
  // A stopped run has no verdict: it never got to answer.
  await expect(metrics(page)).not.toContainText('Answer:');
  await expect(page.getByText('It keeps the steps it recorded')).toBeVisible();
  await expect(steps(page)).toHaveCount(1);
  await expectKept(page, 1, 'stopped');
});

test('fault: the tab reloaded mid-stream leaves an interrupted run with the step before', async ({
  page,
}) => {
  await useEndpoint(page, 'hold');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Streaming model call' })).toContainText(
    'the notes say',
  );
  await expect
    .poll(async () => (await keptSummaries(page)).map((row) => row['steps']))
    .toEqual([1]);
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(keptRows(page)).toHaveCount(1);
  await expect(keptRows(page).first()).toContainText('Interrupted');
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(steps(page)).toHaveCount(1);
});
