import type { Page } from '@playwright/test';
import { addEndpoint, assistantTurns, LocalEndpoint, streamReply } from './local-endpoint';
import { expect, test, timelineSteps } from './support';

/**
 * A foreign trace turned into a scenario and re-run (issue 11): an OTLP file from another tool is
 * dropped on the page, "Make a scenario from this run" opens it in the editor, it replays on the
 * built-in scripted model with the same tool calls, and then runs under ReflAct on a local
 * OpenAI-compatible server: a call matching a recorded result is answered by it, a call that
 * matches none says so.
 */

const value = (item: string | number) =>
  typeof item === 'number' ? { intValue: String(item) } : { stringValue: item };
const attributes = (map: Record<string, string | number>) =>
  Object.entries(map).map(([key, item]) => ({ key, value: value(item) }));
const ns = (seconds: number) => String(1_700_000_000 + seconds) + '000000000';
const TRACE_ID = '7c1d2e3f405162738495a6b7c8d9e0f1';

function span(id: string, name: string, at: number, map: Record<string, string | number>) {
  return {
    traceId: TRACE_ID,
    spanId: id,
    ...(id === 'a0a0a0a0a0a0a0a0' ? {} : { parentSpanId: 'a0a0a0a0a0a0a0a0' }),
    name,
    kind: 'SPAN_KIND_INTERNAL',
    startTimeUnixNano: ns(at),
    endTimeUnixNano: ns(at + 1),
    attributes: attributes(map),
  };
}

const TASK = 'Is order 7 late, and what refund does it get?';
const input = JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: TASK }] }]);
const toolCall = (id: string, name: string, args: string) =>
  JSON.stringify([
    { role: 'assistant', parts: [{ type: 'tool_call', id, name, arguments: args }] },
  ]);
const OTLP = JSON.stringify({
  resourceSpans: [
    {
      resource: { attributes: attributes({ 'service.name': 'orders-agent' }) },
      scopeSpans: [
        {
          scope: { name: 'test' },
          spans: [
            span('a0a0a0a0a0a0a0a0', 'invoke_agent orders', 0, {
              'gen_ai.operation.name': 'invoke_agent',
            }),
            span('b1b1b1b1b1b1b1b1', 'chat model', 1, {
              'gen_ai.operation.name': 'chat',
              'gen_ai.input.messages': input,
              'gen_ai.output.messages': toolCall('c1', 'get_order', '{"id":7}'),
            }),
            span('c1c1c1c1c1c1c1c1', 'execute_tool get_order', 2, {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': 'get_order',
              'gen_ai.tool.call.arguments': '{"id":7}',
              'gen_ai.tool.call.result': '{"days_late":3}',
            }),
            span('b2b2b2b2b2b2b2b2', 'chat model', 3, {
              'gen_ai.operation.name': 'chat',
              'gen_ai.input.messages': input,
              'gen_ai.output.messages': toolCall('c2', 'refund_policy', '{"days_late":3}'),
            }),
            span('c2c2c2c2c2c2c2c2', 'execute_tool refund_policy', 4, {
              'gen_ai.operation.name': 'execute_tool',
              'gen_ai.tool.name': 'refund_policy',
              'gen_ai.tool.call.arguments': '{"days_late":3}',
              'gen_ai.tool.call.result': 'Refund 10 percent.',
            }),
            span('b3b3b3b3b3b3b3b3', 'chat model', 5, {
              'gen_ai.operation.name': 'chat',
              'gen_ai.input.messages': input,
              'gen_ai.output.messages': JSON.stringify([
                {
                  role: 'assistant',
                  parts: [
                    { type: 'text', content: 'Order 7 is 3 days late: a 10 percent refund.' },
                  ],
                },
              ]),
            }),
          ],
        },
      ],
    },
  ],
});

/** ReflAct replies by turn: a recorded call, then one no recorded result matches, then the answer. */
const REFLECT = 'REFLECTION:\nCurrent state: x\nLast discovery: y\nGoal relation: z\n';
const REPLIES = [
  `${REFLECT}ACTION: get_order({"id":7})`,
  `${REFLECT}ACTION: get_order({"id":9})`,
  `${REFLECT}FINAL ANSWER: Order 7 is 3 days late; order 9 is unknown.`,
];
/** A local OpenAI-compatible endpoint: streams the reply for the conversation it is sent. */
const bodies: string[] = [];
const endpoint = new LocalEndpoint((request, response) => {
  bodies.push(request.body);
  streamReply(response, REPLIES[Math.min(assistantTurns(request.body), REPLIES.length - 1)]!);
});
test.beforeAll(async () => endpoint.start());
test.afterAll(async () => endpoint.stop());

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
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test('an imported trace made into a scenario replays its calls, then runs under ReflAct on an endpoint', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await drop(page, OTLP, 'orders.json');
  await expect(page.getByTestId('open-notice')).toContainText('Opened orders.json (OTLP/JSON)');
  await expect(timelineSteps(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('button', { name: 'Make a scenario from this run' }).click();
  await expect(page).toHaveURL(/#\/scenarios/);
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect(editor).toContainText(`"task": ${JSON.stringify(TASK)}`);
  await expect(page.getByRole('region', { name: 'Problems' })).toContainText('No problems');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('in your scenarios');

  // The built-in scripted model: the recorded calls again, in the recorded order.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=imported-.*-from-trace/);
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(timelineSteps(page)).toHaveCount(3);
  await expect(timelineSteps(page).nth(0)).toContainText('get_order');
  await expect(timelineSteps(page).nth(1)).toContainText('refund_policy');
  await timelineSteps(page).nth(1).click();
  await expect(record(page)).toContainText('Refund 10 percent.');

  // A local endpoint under ReflAct: the recorded result answers its call, the other says so.
  await addEndpoint(page, { name: 'Local', baseUrl: endpoint.base(), model: 'local-model' });
  const loopStyle = page
    .getByRole('region', { name: 'Settings' })
    .getByRole('radiogroup', { name: 'Loop style' });
  await loopStyle.getByRole('radio', { name: 'ReflAct' }).check();
  await expect(loopStyle.getByRole('radio', { name: 'ReflAct' })).toBeChecked();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const calls = timelineSteps(page).filter({ hasText: 'get_order' });
  await expect(calls).toHaveCount(2);
  await calls.nth(0).click();
  await expect(record(page)).toContainText('Arguments of get_orderid7');
  await expect(record(page)).toContainText('{"days_late":3}');
  await calls.nth(1).click();
  await expect(record(page)).toContainText('Arguments of get_orderid9');
  // The observation shows the error as a JSON string: the call it names is escaped.
  await expect(record(page)).toContainText('tool error');
  await expect(record(page)).toContainText('No fixture matches get_order({\\"id\\":9})');
  // The endpoint ran under ReflAct's prompt and was sent the recorded result as the observation.
  expect(bodies[0]).toContain('You are a ReflAct agent');
  const second = JSON.parse(bodies[1]!) as { messages: { content: string }[] };
  expect(second.messages.at(-1)?.content).toBe('Observation: {"days_late":3}');
});
