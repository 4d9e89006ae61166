import type { ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';
import {
  addEndpoint,
  assistantTurns,
  delta,
  errorReply,
  LocalEndpoint,
  streamHead,
  streamReply,
} from './local-endpoint';
import { expect, keptRows, keptSummaries, openOnlyKeptRun, test, timelineSteps } from './support';

/**
 * The fault matrix in Chromium: a local OpenAI-compatible server (real HTTP, CORS allowed)
 * answers the first model call of shopops-happy well and serves one fault on the second. Each row
 * checks the banner (what happened, what to do), the steps recorded before the fault, and the
 * Library's entry, opened again in the inspector. The CLI's matrix is src/cli/faults.test.ts
 * (its Stop mid-stream, Ctrl-C, in src/cli/interrupt.test.ts);
 * the 10 MB reply in Chromium (and the page staying responsive) is in hostile-size.spec.ts.
 */

test.use({
  consoleAllowed: { allow: [/127\.0\.0\.1:\d+\//, /net::ERR_/, /status of (401|403|404|429|500)/] },
});

const FIRST_TURN = 'Thought: need the order first\nAction: tool:get_order case_id=O-1001';
const LAST_TURN = 'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago.';

type Res = ServerResponse;

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
    serve: (res) => errorReply(res, 401, 'Invalid key'),
    stop: 'error',
    says: ['(http_401)', 'check the API key'],
  },
  {
    name: '403',
    serve: (res) => errorReply(res, 403, 'No access'),
    stop: 'error',
    says: ['(http_403)', 'lack permission for this model'],
  },
  {
    name: '404',
    serve: (res) => errorReply(res, 404, 'no such model'),
    stop: 'error',
    says: ['(http_404)', 'check the base URL'],
  },
  {
    name: '429 with Retry-After',
    serve: (res) => errorReply(res, 429, 'slow down', { 'Retry-After': '1' }),
    stop: 'error',
    says: ['gave up after 3 tries', 'wait a minute and try again'],
  },
  {
    name: '429 without Retry-After',
    serve: (res) => errorReply(res, 429, 'slow down'),
    stop: 'error',
    says: ['gave up after 3 tries', 'rate limiting'],
  },
  {
    name: '500 then success',
    serve: (res, tries) =>
      tries === 1 ? errorReply(res, 500, 'boom') : streamReply(res, LAST_TURN),
    stop: 'answer',
    says: [],
  },
  {
    name: 'stream cut mid-token',
    serve: (res) => {
      streamHead(res);
      res.write(delta('Thought: che'));
      setTimeout(() => res.socket?.destroy(), 50);
    },
    stop: 'error',
    says: ['(stream_truncated)', /try again/i],
  },
  {
    name: 'error object in a 200 stream',
    serve: (res) => {
      streamHead(res);
      res.write(delta('Thought: '));
      res.end(`data: ${JSON.stringify({ error: { message: 'Context length exceeded' } })}\n\n`);
    },
    stop: 'error',
    says: ['(stream_error)', 'Context length exceeded', 'Try again'],
  },
  {
    name: 'idle stream',
    serve: (res) => {
      streamHead(res);
      res.write(delta('Thought: hm'));
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
      res.end(delta(LAST_TURN, 'stop'));
    },
    stop: 'answer',
    says: [],
  },
  {
    name: 'no [DONE] and no finish',
    serve: (res) => {
      streamHead(res);
      res.end(delta('Thought: half a th'));
    },
    stop: 'error',
    says: ['(stream_truncated)', 'no [DONE] and no finish reason', 'try again'],
  },
];

/** The server; a path's first part names the fault ("hold" keeps the second call open). */
const tries = new Map<string, number>();
const held: Res[] = [];
const server = new LocalEndpoint((request, res) => {
  const name = decodeURIComponent(request.url.split('/')[1] ?? '');
  if (assistantTurns(request.body) === 0) return streamReply(res, FIRST_TURN);
  if (name === 'hold') {
    streamHead(res);
    res.write(delta('Thought: the notes say'));
    return void held.push(res);
  }
  const count = (tries.get(name) ?? 0) + 1;
  tries.set(name, count);
  const fault = FAULTS.find((row) => row.name === name);
  if (fault) fault.serve(res, count);
  else errorReply(res, 400, `no fault ${name}`);
});
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

async function useEndpoint(page: Page, name: string, idleLimitS?: number): Promise<void> {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addEndpoint(page, { name: 'Faulty', baseUrl: server.base(name), model: 'm', idleLimitS });
}

/**
 * The Library keeps the run with the steps the page showed, and they open as they were: the
 * first step's thought, tool call and observation, and the answer of a run that recovered.
 */
async function expectKept(page: Page, stepCount: number, stop: string): Promise<void> {
  await openOnlyKeptRun(page, stepCount);
  await expect(metrics(page)).toContainText(`Stop reason: ${stop}`);
  const record = page.getByRole('region', { name: 'Decision record' });
  await timelineSteps(page).first().click();
  await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
  for (const words of ['need the order first', 'get_order', 'O-1001', 'days_since_shipped']) {
    await expect(record).toContainText(words);
  }
  if (stepCount === 2) {
    await timelineSteps(page).nth(1).click();
    await expect(record.getByRole('heading', { name: 'Step 1', exact: true })).toBeVisible();
    await expect(record).toContainText('Order O-1001 shipped 32 days ago.');
  }
}

for (const fault of FAULTS) {
  test(`fault: ${fault.name}`, async ({ page }) => {
    await useEndpoint(page, fault.name, fault.idleLimitS);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(metrics(page)).toContainText(`Stop reason: ${fault.stop}`);
    const recorded = fault.stop === 'answer' ? 2 : 1;
    await expect(timelineSteps(page)).toHaveCount(recorded);
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
  await expect(timelineSteps(page)).toHaveCount(1);
  await expectKept(page, 1, 'stopped');
});

test('fault: the tab reloaded mid-stream leaves an interrupted run with the step before, and says so', async ({
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
  // What happened, where its steps are, what to do.
  const notice = page.getByTestId('open-notice');
  await expect(notice).toHaveRole('alert');
  await expect(notice).toHaveText(
    'A run was still going when this tab was closed or reloaded. It is kept in the Library as Interrupted, with the steps it recorded: open it there, or press Run to run it again.',
  );
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
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
  await expect(timelineSteps(page)).toHaveCount(1);
  await timelineSteps(page).first().click();
  await expect(page.getByRole('region', { name: 'Decision record' })).toContainText(
    'need the order first',
  );
});
