import type { Page } from '@playwright/test';
import { expect, keptSummaries, seriousViolations, test, timelineSteps } from './support';

/**
 * Bring your own trace: another tool's trace dropped on the page opens in the inspector as
 * Loopscope steps, with the format detected, a span tree (Spans tab) and what was not mapped.
 * The files are written here, in the shapes OTLP/JSON and Langfuse exports have.
 */

const value = (item: string | number) =>
  typeof item === 'number' ? { intValue: String(item) } : { stringValue: item };
const attributes = (map: Record<string, string | number>) =>
  Object.entries(map).map(([key, item]) => ({ key, value: value(item) }));
const ns = (seconds: number) => String(1_700_000_000 + seconds) + '000000000';

function otlpSpan(
  id: string,
  parent: string | null,
  name: string,
  at: number,
  map: Record<string, string | number>,
) {
  return {
    traceId: '5b8efff798038103d269b633813fc60c',
    spanId: id,
    ...(parent ? { parentSpanId: parent } : {}),
    name,
    kind: 'SPAN_KIND_INTERNAL',
    startTimeUnixNano: ns(at),
    endTimeUnixNano: ns(at + 1),
    attributes: attributes(map),
  };
}

const user = JSON.stringify([
  { role: 'user', parts: [{ type: 'text', content: 'Is order 7 late?' }] },
]);
const OTLP = JSON.stringify({
  resourceSpans: [
    {
      resource: { attributes: attributes({ 'service.name': 'shop-agent' }) },
      scopeSpans: [
        {
          scope: { name: 'test' },
          spans: [
            otlpSpan('a1a1a1a1a1a1a1a1', null, 'invoke_agent shop', 0, {
              'gen_ai.operation.name': 'invoke_agent',
            }),
            otlpSpan('b1b1b1b1b1b1b1b1', 'a1a1a1a1a1a1a1a1', 'chat model', 1, {
              'gen_ai.operation.name': 'chat',
              'gen_ai.input.messages': user,
              'gen_ai.output.messages': JSON.stringify([
                {
                  role: 'assistant',
                  parts: [
                    { type: 'tool_call', id: 'c1', name: 'get_order', arguments: '{"id":7}' },
                  ],
                },
              ]),
              'gen_ai.usage.input_tokens': 30,
              'gen_ai.usage.output_tokens': 6,
            }),
            otlpSpan('c1c1c1c1c1c1c1c1', 'a1a1a1a1a1a1a1a1', 'execute_tool get_order', 2, {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': 'get_order',
              'gen_ai.tool.call.arguments': '{"id":7}',
              'gen_ai.tool.call.result': '{"days_late":3}',
            }),
            otlpSpan('d1d1d1d1d1d1d1d1', 'a1a1a1a1a1a1a1a1', 'GET /orders/7', 2, {
              'http.request.method': 'GET',
            }),
            otlpSpan('e1e1e1e1e1e1e1e1', 'a1a1a1a1a1a1a1a1', 'chat model', 3, {
              'gen_ai.operation.name': 'chat',
              'gen_ai.input.messages': user,
              'gen_ai.output.messages': JSON.stringify([
                {
                  role: 'assistant',
                  parts: [{ type: 'text', content: 'Yes, order 7 is 3 days late.' }],
                },
              ]),
              'gen_ai.usage.input_tokens': 50,
              'gen_ai.usage.output_tokens': 9,
            }),
          ],
        },
      ],
    },
  ],
});

const observation = (
  id: string,
  type: string,
  name: string,
  at: string,
  extra: Record<string, unknown>,
) => ({
  id,
  traceId: '9f1c0b2f4e6a4d8c9b0a1e2d3c4b5a69',
  type,
  name,
  startTime: at,
  endTime: at,
  parentObservationId: id === 'root0001' ? null : 'root0001',
  input: null,
  output: null,
  metadata: '{}',
  ...extra,
});
const observations = [
  observation('root0001', 'AGENT', 'Weather agent', '2025-09-30T09:00:00.000Z', {
    inputUsage: 900,
    outputUsage: 900,
  }),
  observation('gen00001', 'GENERATION', 'response', '2025-09-30T09:00:01.000Z', {
    input: JSON.stringify([{ role: 'user', content: 'Weather in Oslo?' }]),
    output: JSON.stringify([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 't1', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
      },
    ]),
    inputUsage: 20,
    outputUsage: 5,
  }),
  observation('tool0001', 'TOOL', 'get_weather', '2025-09-30T09:00:02.000Z', {
    input: '{"city":"Oslo"}',
    output: 'Snow.',
  }),
  observation('gen00002', 'GENERATION', 'response', '2025-09-30T09:00:03.000Z', {
    output: JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: 'It is snowing in Oslo.' }] },
    ]),
    inputUsage: 40,
    outputUsage: 7,
  }),
];
const LANGFUSE = JSON.stringify({
  trace: {
    id: '9f1c0b2f4e6a4d8c9b0a1e2d3c4b5a69',
    name: 'Weather agent',
    observations: observations.map((item) => ({ ...item, input: null, output: null })),
  },
  observations,
});

const NO_MODEL = [
  JSON.stringify({
    resourceSpans: [
      {
        resource: {},
        scopeSpans: [
          {
            scope: {},
            spans: [
              {
                traceId: '',
                spanId: '',
                name: 'operationA',
                startTimeUnixNano: ns(0),
                endTimeUnixNano: ns(1),
              },
            ],
          },
        ],
      },
    ],
  }),
  JSON.stringify({
    resourceSpans: [
      {
        resource: {},
        scopeSpans: [
          {
            scope: {},
            spans: [
              {
                traceId: '',
                spanId: '',
                name: 'operationB',
                startTimeUnixNano: ns(1),
                endTimeUnixNano: ns(2),
              },
            ],
          },
        ],
      },
    ],
  }),
].join('\n');

async function drop(page: Page, text: string, name: string) {
  const transfer = await page.evaluateHandle(
    ([content, file]) => {
      const data = new DataTransfer();
      data.items.add(new File([content!], file!, { type: 'application/json' }));
      return data;
    },
    [text, name],
  );
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
}

const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });
const spanTree = (page: Page) => page.getByRole('list', { name: 'Span tree' });

test.beforeEach(async ({ page }) => {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
});

test('an OTLP file dropped on the page opens as steps, with the format and the span tree', async ({
  page,
}) => {
  await drop(page, OTLP, 'agent.json');
  const notice = page.getByTestId('open-notice');
  await expect(notice).toContainText('Opened agent.json (OTLP/JSON): 5 spans as 2 steps');
  await expect(timelineSteps(page)).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'detected as OTLP/JSON' })).toContainText(
    '2 not mapped (1 agent, 1 HTTP)',
  );
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  await record(page).getByRole('tab', { name: 'Spans' }).click();
  const rows = spanTree(page).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasText: 'GET /orders/7' })).toContainText(
    'an HTTP span: transport, not a model or tool call',
  );
  await expect(rows.filter({ hasText: 'execute_tool get_order' })).toContainText('tool call');
  expect(await seriousViolations(page)).toEqual([]);
  await rows
    .filter({ hasText: 'execute_tool get_order' })
    .getByRole('button', { name: 'step #0' })
    .click();
  await record(page).getByRole('tab', { name: 'Context' }).click();
  await expect(record(page)).toContainText('Is order 7 late?');

  // Kept in the library with its span tree: the link shows it again after a reload.
  await expect.poll(async () => (await keptSummaries(page)).length).toBe(1);
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(timelineSteps(page)).toHaveCount(2);
  await record(page).getByRole('tab', { name: 'Spans' }).click();
  await expect(spanTree(page).getByRole('listitem')).toHaveCount(5);
});

test('a Langfuse export opens with its observations once each, and a file with no model spans says so', async ({
  page,
}) => {
  await drop(page, LANGFUSE, 'langfuse.json');
  await expect(page.getByTestId('open-notice')).toContainText(
    'Opened langfuse.json (Langfuse trace export): 4 spans as 2 steps',
  );
  await expect(timelineSteps(page)).toHaveCount(2);
  await expect(
    page.getByRole('status').filter({ hasText: 'detected as Langfuse trace export' }),
  ).toContainText('listed twice in the export; each is shown once');
  await record(page).getByRole('tab', { name: 'Spans' }).click();
  await expect(spanTree(page).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  // A setting changed on an imported trace waits for Run: the recording stays in view.
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText(
    'An imported trace, under the guards lens: changes re-tune the lens over the recording (nothing re-runs)',
  );
  const loopStyle = settings.getByRole('radiogroup', { name: 'Loop style' });
  await loopStyle.getByRole('radio', { name: 'ReAct', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(loopStyle.getByRole('radio', { name: 'ReflAct' })).toBeChecked();
  await expect(settings).toContainText('1 changed');
  await expect(timelineSteps(page)).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  await drop(page, NO_MODEL, 'spans.jsonl');
  await expect(page.getByTestId('open-notice')).toContainText(
    'Opened spans.jsonl (OTLP JSON Lines): 2 spans as 0 steps (no model or tool spans)',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'detected as OTLP JSON Lines' }),
  ).toContainText('no model or tool spans among the 2 spans');
  await record(page).getByRole('tab', { name: 'Spans' }).click();
  await expect(spanTree(page).getByRole('listitem')).toHaveCount(2);
  await expect(spanTree(page)).toContainText('operationA');
});
