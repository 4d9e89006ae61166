import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { addEndpoint, event, LocalEndpoint, streamHead, streamReply } from './local-endpoint';
import { watchPolicy } from './policy-watch';
import { expect, pickMatrix, test, timelineSteps } from './support';

/**
 * An XSS corpus in every place text comes from outside: a scenario's title and task, the model's
 * replies and reflections (a scripted scenario), tool results, an imported OTLP trace, reflections
 * imported into the memory, an endpoint's replies and error messages, and the names a user gives
 * (saved settings, an endpoint). Each view that renders that text is opened — the decision record,
 * its Context tab, the timeline, the phase graph, compare, the presenter, the library, the
 * scenario editor, the attempts strip, the Memory view, the eval matrix, the imported trace's
 * Spans tab (and that trace in compare and the presenter), and the run exported as an HTML page,
 * opened from file:// — and nothing executes (each payload would set `window.xss`; no dialog
 * opens), the page's Content-Security-Policy refuses nothing, and no request leaves the page's
 * origin (but to the endpoint the user added).
 */

const LONG = 'z'.repeat(100_000);
const PAYLOADS = [
  '<script>window.xss = "script"</script>',
  '<img src=x onerror="window.xss = \'onerror\'">',
  '<a href="javascript:window.xss=\'href\'">click me</a>',
  '[markdown link](javascript:window.xss=1)',
  '<svg onload="window.xss = \'svg\'"><script>window.xss = "svg-script"</script></svg>',
  '![tracker](https://evil.example/pixel.png)',
  '<iframe src="javascript:window.xss=\'iframe\'"></iframe>',
  '<img src="https://evil.example/img.png">',
  '\u202Etxt.exe \u2066rtl\u2069',
  // Text that would end or bend the JSON element of an exported page, or a replacement pattern.
  '<!-- </script><script>window.xss = "comment"</script> $& $\' $` \u2028',
].join(' ');

interface Watch {
  /** What went wrong so far: a dialog, a request elsewhere, a payload run, a policy's refusal. */
  readonly problems: () => Promise<string[]>;
  /** Requests to URLs that start with `prefix` are the page's own from now on. */
  readonly allow: (prefix: string) => void;
}

/**
 * Watches for an executed payload, a dialog, a request to another origin (but those allowed: an
 * endpoint the user added, an exported page's own file), or anything the page's
 * Content-Security-Policy had to refuse, in the page or a worker (an element a payload made,
 * blocked before it ran; `watchPolicy`).
 */
async function watch(page: Page): Promise<Watch> {
  const problems: string[] = [];
  const allowed = [`${new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin}/`];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url) || allowed.some((prefix) => url.startsWith(prefix))) return;
    problems.push(`request to ${url}`);
  });
  const violations = await watchPolicy(page);
  return {
    allow: (prefix) => void allowed.push(prefix),
    problems: async () => {
      const flag = await page.evaluate(() => {
        const { xss } = window as unknown as { xss?: unknown };
        return xss === undefined ? null : String(xss);
      });
      return [
        ...problems,
        ...(flag === null ? [] : [`executed: ${flag}`]),
        ...(await violations()).map((line) => `policy: ${line}`),
      ];
    },
  };
}

/**
 * What any payload would have made of the page, anywhere in the document: a link or frame to
 * `javascript:`, an element with an inline event handler, an image from another host. Each found
 * is named.
 */
async function hostileElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        const tag = element.tagName.toLowerCase();
        if (/^on/i.test(name)) found.push(`<${tag} ${name}>`);
        if (
          /^(href|src|xlink:href|action|formaction)$/i.test(name) &&
          /^\s*javascript:/i.test(value)
        )
          found.push(`<${tag} ${name}=${value}>`);
      }
      if (element instanceof HTMLImageElement && element.src) {
        const url = new URL(element.src, document.baseURI);
        if (!/^(data|blob):$/.test(url.protocol) && url.origin !== location.origin)
          found.push(`<img src=${element.src}>`);
      }
      if (element instanceof HTMLIFrameElement) found.push('<iframe>');
    }
    return found;
  });
}

const scenario = {
  format: 'loopscope.scenario',
  version: 1,
  id: 'xss-corpus',
  title: `XSS <script>window.xss="title"</script> ${PAYLOADS}`,
  task: `Case O-1001 ${PAYLOADS}`,
  defaultMode: 'react',
  tags: ['hostile'],
  tools: [
    {
      name: 'get_order',
      description: `Load an order ${PAYLOADS}`,
      parameters: {
        type: 'object',
        properties: { case_id: { type: 'string' } },
        required: ['case_id'],
      },
    },
  ],
  fixtures: [
    {
      tool: 'get_order',
      args: { case_id: 'O-1001' },
      result: { case_id: 'O-1001', note: PAYLOADS, long: LONG },
    },
  ],
  evidenceRules: [],
  // With 2 attempts the first answer fails this check, the agent reflects, and tries again.
  verify: { answerIncludes: ['retried'] },
  expected: { answerIncludes: ['O-1001'] },
  model: {
    kind: 'scripted',
    turns: [
      `Thought: ${PAYLOADS} ${LONG}\nAction: tool:get_order case_id=O-1001`,
      `Thought: done ${PAYLOADS}\nAction: answer O-1001 **bold** ${PAYLOADS}`,
      `Thought: again ${PAYLOADS}\nAction: answer O-1001 retried ${PAYLOADS}`,
    ],
    reflections: [`Reflection ${PAYLOADS}`],
  },
};

/** An OTLP file whose span names, messages and tool result carry the corpus. */
function otlpFile(): string {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const span = (
    id: string,
    name: string,
    start: number,
    attributes: unknown[],
    parent?: string,
  ) => ({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: id,
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 1,
    startTimeUnixNano: String(1_700_000_000_000_000_000 + start * 1e9),
    endTimeUnixNano: String(1_700_000_000_000_000_000 + (start + 0.5) * 1e9),
    attributes,
    status: { code: 1 },
  });
  const root = '00f067aa0ba902b7';
  const messages = (role: string, text: string) =>
    JSON.stringify([{ role, parts: [{ type: 'text', content: text }] }]);
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [attr('service.name', `svc ${PAYLOADS}`)] },
        scopeSpans: [
          {
            scope: { name: 'xss' },
            spans: [
              span(root, `invoke_agent ${PAYLOADS}`, 0, [
                attr('gen_ai.operation.name', 'invoke_agent'),
              ]),
              span(
                '1111111111111111',
                'chat m',
                1,
                [
                  attr('gen_ai.operation.name', 'chat'),
                  attr('gen_ai.input.messages', messages('user', `Hello ${PAYLOADS}`)),
                  attr(
                    'gen_ai.output.messages',
                    JSON.stringify([
                      {
                        role: 'assistant',
                        parts: [
                          { type: 'text', content: `Thinking ${PAYLOADS}` },
                          { type: 'tool_call', id: 'c1', name: 'get_order', arguments: '{"id":7}' },
                        ],
                      },
                    ]),
                  ),
                ],
                root,
              ),
              span(
                '2222222222222222',
                'execute_tool get_order',
                2,
                [
                  attr('gen_ai.operation.name', 'execute_tool'),
                  attr('gen_ai.tool.name', 'get_order'),
                  attr('gen_ai.tool.call.id', 'c1'),
                  attr('gen_ai.tool.call.arguments', '{"id":7}'),
                  attr('gen_ai.tool.call.result', `{"note": ${JSON.stringify(PAYLOADS)}}`),
                ],
                root,
              ),
              span(
                '3333333333333333',
                'chat m',
                3,
                [
                  attr('gen_ai.operation.name', 'chat'),
                  attr(
                    'gen_ai.output.messages',
                    messages('assistant', `Answer ${PAYLOADS} ${LONG}`),
                  ),
                ],
                root,
              ),
            ],
          },
        ],
      },
    ],
  });
}

const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });
const view = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'View' }).getByRole('link', { name }).click();

/** Opens the app at `hash`, its mock model ready, runs at Instant speed. */
async function ready(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

/** Shows each step of the timeline in the decision record. */
async function visitSteps(page: Page) {
  await expect(timelineSteps(page)).not.toHaveCount(0);
  for (const option of await timelineSteps(page).all()) {
    await option.click();
    await expect(record(page).getByRole('heading', { name: /^Step \d+$/ })).toBeVisible();
  }
}

const TWO_ATTEMPTS = encodeURIComponent(JSON.stringify({ attempts: 2 }));

/** Reflections in the LiTS JSONL the Memory view imports: one with the corpus, one refused. */
function reflectionsFile(): string {
  const line = (fields: object) =>
    JSON.stringify({
      evaluator_type: 'reflection',
      source: `src ${PAYLOADS}`,
      content: `Imported ${PAYLOADS}`,
      trajectory_key: `xss-imported/0 ${PAYLOADS}`,
      query_id: `xss-imported ${PAYLOADS}`,
      timestamp: '2026-12-01T10:00:00Z',
      metadata: { reward: 0, n_steps: 3 },
      ...fields,
    });
  return `${line({})}\n${line({ evaluator_type: '<img src=x onerror="window.xss=\'type\'">' })}\n`;
}

/**
 * Opens an exported page from `file://`, the way its reader would, every other request refused
 * (the page's own file is allowed by the watch): resolves to the requests it made.
 */
async function openFile(page: Page, saved: string, allow: Watch['allow']): Promise<string[]> {
  const file = pathToFileURL(saved).href;
  // First the app goes: a view it preloads at a quiet moment may ask for its chunk at any time.
  await page.goto('about:blank');
  allow(file);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.route('**', (route) =>
    route.request().url() === file ? route.continue() : route.abort(),
  );
  await page.goto(file);
  return requests;
}

test('a scenario, model replies, reflections and tool results full of payloads run in the inspector, compare, the presenter, the library, the attempts strip, the Memory view and an exported HTML page without executing or fetching', async ({
  page,
}) => {
  const { problems, allow } = await watch(page);
  await ready(page, '#/inspect?scenario=shopops-happy');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'xss.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  const notice = page.getByTestId('open-notice');
  await expect(notice).toContainText('Added your scenario "XSS');
  // Read, and put away: it would lie over the presenter's controls until it goes by itself.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  // The decision record shows the payload as text: the tags are characters, not elements.
  await expect(record(page)).toContainText('<script>window.xss');
  await expect(page.getByRole('region', { name: 'Phase graph' })).toBeVisible();
  await visitSteps(page);
  await timelineSteps(page).first().click();
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page).getByRole('tabpanel', { name: 'Context' })).toContainText('onerror');
  // No element any payload names exists in the page's own content.
  expect(await page.locator('main iframe, main svg[onload], main img[src="x"]').count()).toBe(0);
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  await view(page, 'Library');
  await expect(page.getByRole('table', { name: 'Kept runs' })).toContainText('XSS <script>');
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // The scenario editor shows the file as the user gave it: its text, not its markup.
  await view(page, 'Scenarios');
  await page
    .getByRole('complementary', { name: 'Scenarios' })
    .getByRole('button', { name: 'xss-corpus' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Scenario JSON' })).toContainText(
    '<script>window.xss',
  );
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  await ready(page, '#/compare?scenario=xss-corpus');
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered|stalled|escalated/);
  }
  await expect(lanes.first().getByRole('region', { name: 'Decision record' })).toContainText(
    '<svg',
  );
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // The presenter plays the same two lanes: its title, cards, captions and closing slide.
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).toContainText('<script>window.xss');
  await page.getByLabel('Pause on reflections and guard trips', { exact: true }).uncheck();
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('region', { name: /answered/ })).toBeVisible();
  expect(await page.locator('main iframe, main svg[onload], main img[src="x"]').count()).toBe(0);
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // Two attempts: the first answer fails the verifier, the agent reflects (the corpus) and tries
  // again with that reflection in its prompt. The attempts strip, attempt 2's context, the
  // reflection kept in the Memory view, and the run exported as an HTML page.
  await ready(page, `#/inspect?scenario=xss-corpus&settings=${TWO_ATTEMPTS}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  const attempts = page.getByRole('region', { name: 'Attempts' });
  await expect(attempts.getByLabel('Reflection on attempt 1')).toContainText(
    'Reflection <script>window.xss',
  );
  await attempts.getByRole('radio', { name: /^Attempt 2/ }).click();
  await timelineSteps(page).first().click();
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page).locator('mark[data-reflection="1"]')).toContainText(
    'Reflection <script>window.xss',
  );
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const saving = page.waitForEvent('download');
  await page
    .getByRole('list', { name: 'Export as' })
    .getByRole('button', { name: 'HTML page' })
    .click();
  const exported = path.join(mkdtempSync(path.join(os.tmpdir(), 'loopscope-xss-')), 'run.html');
  await (await saving).saveAs(exported);

  // The Memory view: the run's reflection, and reflections imported from a JSONL file, with a
  // line the import refuses (its report quotes the bad value).
  await view(page, 'Memory');
  const reflections = page.getByRole('table', { name: 'Kept reflections' }).getByRole('row');
  await expect(reflections.filter({ hasText: 'xss-corpus' })).toContainText(
    'Reflection <script>window.xss',
  );
  await page.getByLabel('Import reflections from a JSONL file').setInputFiles({
    name: 'xss.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(reflectionsFile()),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    'line 2: evaluator_type is "<img src=x',
  );
  await expect(reflections.filter({ hasText: 'xss-imported' })).toContainText(
    'Imported <script>window.xss',
  );
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // The exported page, opened from file:// as whoever it was sent to would: its record, its
  // attempts strip and each step show the corpus as text, and it asks for nothing but itself.
  const requests = await openFile(page, exported, allow);
  await expect(page.getByRole('note')).toHaveText('A recorded run, opened read-only from a file.');
  await expect(page.getByRole('region', { name: 'Attempts' })).toContainText(
    'Reflection <script>window.xss',
  );
  await visitSteps(page);
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('<script>window.xss');
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);
  expect(requests).toEqual([pathToFileURL(exported).href]);
});

test('an imported OTLP trace full of payloads opens, with its Spans tab, in compare against its replay and in the presenter, without executing or fetching', async ({
  page,
}) => {
  const { problems } = await watch(page);
  await ready(page, '#/inspect?scenario=shopops-happy');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'xss-trace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(otlpFile()),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Opened xss-trace.json (OTLP/JSON)');
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics).toContainText('Stop reason');
  await visitSteps(page);
  await record(page).getByRole('tab', { name: 'Spans' }).click();
  await expect(page.getByRole('list', { name: 'Span tree' })).toContainText(
    'invoke_agent <script>',
  );
  await timelineSteps(page).first().click();
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('Hello <script>');
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // Run replays the trace's replies through Loopscope's loop: a second run of its scenario.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics).toContainText('Stop reason: answer');
  await view(page, 'Library');
  const kept = page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('row')
    .filter({ hasText: 'Imported: invoke_agent <script>' });
  await expect(kept).toHaveCount(2);
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // The imported trace beside its replay in compare, then the two in the presenter.
  for (const row of await kept.all()) await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^Compare/ }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered/);
    await expect(lane.getByRole('region', { name: 'Decision record' })).toContainText(
      'Answer <script>window.xss',
    );
  }
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  // The presenter records the two afresh from their settings: the imported scenario's task, and
  // the trace's replies played back.
  await expect(page.locator('body')).toContainText('The task: “Hello <script>window.xss');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.locator('body')).toContainText('Answer <script>window.xss');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('region', { name: /answered/ })).toBeVisible();
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);
});

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';
const SEARCH = 'RCA: search timeouts, first leads find nothing (stalling)';
/** The search scenario's task: the endpoint fails its runs with the corpus as its message. */
const SEARCH_TASK = 'Search requests time out for some users since this morning.';
/** A name for saved settings (at most 40 characters), which the eval matrix shows as a column. */
const SAVED = '<img src=x onerror="window.xss=\'cfg\'">';

/** An endpoint whose replies carry the corpus, and whose error for one task does too. */
const endpoint = new LocalEndpoint((request, response) => {
  if (request.body.includes(SEARCH_TASK)) {
    streamHead(response).end(event({ error: { message: `Endpoint ${PAYLOADS}` } }));
  } else {
    streamReply(response, `Thought: ${PAYLOADS}\nFinal Answer: endpoint answer ${PAYLOADS}`);
  }
});
test.beforeAll(() => endpoint.start());
test.afterAll(() => endpoint.stop());

test('an endpoint whose replies and errors carry payloads, and settings named with one: the eval matrix and a cell opened in the inspector, without executing or fetching', async ({
  page,
}) => {
  // The matrix runs only the built-in scenarios (a scenario file never reaches it): the text from
  // outside that it shows is an endpoint's (its errors, the runs it answered) and the user's names.
  const { problems, allow } = await watch(page);
  allow(`${endpoint.origin}/`);
  await ready(page, '#/inspect?scenario=shopops-happy');
  const settings = page.getByRole('region', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Save…' }).click();
  const save = page.getByRole('dialog', { name: 'Save settings' });
  await save.getByLabel('Name').fill(SAVED);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toBeHidden();

  await view(page, 'Eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  const saved = setup.getByRole('group', { name: 'Saved settings' }).getByRole('checkbox');
  await expect(saved).toHaveAccessibleName(SAVED);
  // Checked before the endpoint's reload, which starts the page (and its watch of the policy) anew.
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);
  const name = `Endpoint <img src=x onerror="window.xss='endpoint'">`;
  await addEndpoint(page, {
    name,
    baseUrl: endpoint.base(),
    model: '<script>window.xss="model"</script>',
    opener: setup.getByRole('button', { name: 'Manage endpoints…' }),
  });
  await setup.getByLabel('Model', { exact: true }).selectOption({ label: name });
  await pickMatrix(setup, CHECKOUT, ['react+off']);
  await setup.getByRole('checkbox', { name: SEARCH }).check();
  await saved.check();
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status').first()).toContainText(`Done: 4 runs`);
  await expect(page.getByRole('status').first()).toContainText(name);
  await expect(page.getByRole('alert')).toContainText(`Endpoint <script>window.xss`);
  const table = page.getByRole('table', { name: /Eval matrix/ });
  await expect(table.getByRole('columnheader', { name: SAVED })).toBeVisible();
  for (const chart of [/^Tokens vs accuracy/, /^Reflections by trigger/, /^Calls per scenario/])
    await expect(page.getByRole('figure', { name: chart }).locator('svg')).toBeVisible();
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);

  // A cell's run opens in the inspector: the endpoint's reply, as text.
  await table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /checkout latency/ }) })
    .getByRole('button', { name: /in the inspector/ })
    .first()
    .click();
  await expect(record(page)).toContainText('endpoint answer <script>window.xss');
  await visitSteps(page);
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('<script>window.xss');
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);
});
