import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * An XSS corpus in every place text comes from outside: a scenario's title and task, the model's
 * replies (a scripted scenario), tool results and an imported OTLP trace. Each view that renders
 * that text is opened — the decision record, its Context tab, the timeline, the phase graph,
 * compare, the presenter, the library, the imported trace's Spans tab — and nothing executes (each payload
 * would set `window.xss`; no dialog opens) and no request leaves the page's origin.
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
].join(' ');

/** Watches for an executed payload, a dialog, or a request to another origin. */
function watch(page: Page): () => Promise<string[]> {
  const problems: string[] = [];
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== origin) problems.push(`request to ${url}`);
  });
  return async () => {
    const flag = await page.evaluate(() => (window as unknown as { xss?: unknown }).xss);
    return flag === undefined ? problems : [...problems, `executed: ${String(flag)}`];
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
  expected: { answerIncludes: ['O-1001'] },
  model: {
    kind: 'scripted',
    turns: [
      `Thought: ${PAYLOADS} ${LONG}\nAction: tool:get_order case_id=O-1001`,
      `Thought: done ${PAYLOADS}\nAction: answer O-1001 **bold** ${PAYLOADS}`,
    ],
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
const steps = (page: Page) =>
  page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listbox', { name: 'Steps' })
    .getByRole('option');
const view = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'View' }).getByRole('link', { name }).click();

test('a scenario, model replies and tool results full of payloads run in the inspector, compare, the presenter and the library without executing or fetching', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'xss.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Added your scenario "XSS');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  // The decision record shows the payload as text: the tags are characters, not elements.
  await expect(record(page)).toContainText('<script>window.xss');
  await expect(page.getByRole('region', { name: 'Phase graph' })).toBeVisible();
  await expect(steps(page)).not.toHaveCount(0);
  for (const option of await steps(page).all()) {
    await option.click();
    await expect(record(page).getByRole('heading', { name: /^Step \d+$/ })).toBeVisible();
  }
  await steps(page).first().click();
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

  await page.goto('/#/compare?scenario=xss-corpus');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
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
});

test('an imported OTLP trace full of payloads opens, with its Spans tab, without executing or fetching', async ({
  page,
}) => {
  const problems = watch(page);
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'xss-trace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(otlpFile()),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Opened xss-trace.json (OTLP/JSON)');
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason');
  for (const option of await steps(page).all()) {
    await option.click();
    await expect(record(page).getByRole('heading', { name: /^Step \d+$/ })).toBeVisible();
  }
  await record(page).getByRole('tab', { name: 'Spans' }).click();
  await expect(page.getByRole('list', { name: 'Span tree' })).toContainText(
    'invoke_agent <script>',
  );
  await steps(page).first().click();
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('Hello <script>');
  await view(page, 'Library');
  await expect(page.getByRole('table', { name: 'Kept runs' })).toContainText(
    'Imported: invoke_agent <script>',
  );
  expect(await hostileElements(page)).toEqual([]);
  expect(await problems()).toEqual([]);
});
