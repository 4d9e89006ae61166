import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Another tool's trace, seen through the guards: an OTLP file whose agent asked for the same order
 * three times opens as a loop, the lens marks where the duplicate guard would have stopped it and
 * what the run cost after that, and Run replays the recorded replies through Loopscope's loop,
 * where the guard really does stop it. The file is written here, in the OTLP GenAI shape.
 */

const TRACE = '7d3a1c0e9b8f4a6d2c1e0f9a8b7c6d5e';
const ns = (seconds: number) => `${1_700_000_000 + seconds}000000000`;
const attributes = (map: Record<string, string | number>) =>
  Object.entries(map).map(([key, item]) => ({
    key,
    value: typeof item === 'number' ? { intValue: String(item) } : { stringValue: item },
  }));
const span = (id: string, name: string, at: number, map: Record<string, string | number>) => ({
  traceId: TRACE,
  spanId: id,
  ...(id === 'a0a0a0a0a0a0a0a0' ? {} : { parentSpanId: 'a0a0a0a0a0a0a0a0' }),
  name,
  startTimeUnixNano: ns(at),
  endTimeUnixNano: ns(at + 1),
  attributes: attributes(map),
});
const asked = JSON.stringify([
  { role: 'user', parts: [{ type: 'text', content: 'Is order 7 late?' }] },
]);
const callsTool = (call: string) =>
  JSON.stringify([
    {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: call, name: 'get_order', arguments: '{"id":7}' }],
    },
  ]);
/** Three calls of get_order with the same arguments, then the answer. */
const spans = [
  span('a0a0a0a0a0a0a0a0', 'invoke_agent orders', 0, { 'gen_ai.operation.name': 'invoke_agent' }),
  ...[1, 2, 3].flatMap((n) => [
    span(`b${n}b${n}b${n}b${n}b${n}b${n}b${n}b${n}`, 'chat model', n * 10, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': asked,
      'gen_ai.output.messages': callsTool(`call-${n}`),
      'gen_ai.usage.input_tokens': 100 * n,
      'gen_ai.usage.output_tokens': 10,
    }),
    span(`c${n}c${n}c${n}c${n}c${n}c${n}c${n}c${n}`, 'execute_tool get_order', n * 10 + 2, {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_order',
      'gen_ai.tool.call.arguments': '{"id":7}',
      'gen_ai.tool.call.result': '{"days_late":3}',
    }),
  ]),
  span('d4d4d4d4d4d4d4d4', 'chat model', 40, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.input.messages': asked,
    'gen_ai.output.messages': JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: 'Yes: order 7 is 3 days late.' }] },
    ]),
    'gen_ai.usage.input_tokens': 400,
    'gen_ai.usage.output_tokens': 12,
  }),
];
const OTLP = JSON.stringify({
  resourceSpans: [
    {
      resource: { attributes: attributes({ 'service.name': 'orders-agent' }) },
      scopeSpans: [{ scope: { name: 'agent' }, spans }],
    },
  ],
});

const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const steps = (page: Page) =>
  timeline(page).getByRole('listbox', { name: 'Steps' }).getByRole('option');
const summary = (page: Page) => page.getByRole('status', { name: 'Guards lens summary' });
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test("another tool's trace: the lens marks where the duplicate guard would have stopped it, and Run replays it into that stop", async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'orders.otlp.json',
    mimeType: 'application/json',
    buffer: Buffer.from(OTLP),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Opened orders.otlp.json');
  await expect(page.getByTestId('open-notice')).toContainText('OTLP/JSON');
  await expect(steps(page)).toHaveCount(4);

  // The lens is on for an imported run, under the default guards: the second call is the stop.
  const lensSwitch = page
    .getByRole('region', { name: 'Guards lens' })
    .getByRole('switch', { name: 'Guards lens' });
  await expect(lensSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(summary(page)).toContainText(
    'The duplicate guard would have stopped this run at step 1',
  );
  await expect(steps(page).nth(1)).toHaveAttribute('data-would-have', 'stop');
  await expect(steps(page).nth(1)).toHaveAttribute('aria-label', /repeats the call of step 0/);
  await expect(steps(page).nth(2)).toHaveAttribute('data-would-have', /stop|mark/);
  // Nothing is pretended: the recorded run answered, and no guard tripped in it.
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(steps(page).nth(1)).not.toHaveAttribute('aria-label', /guard tripped/);

  // Run: the recorded replies play through Loopscope's loop, and the guard stops the repeat.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: escalated');
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('by the duplicate guard');
  await expect(steps(page)).toHaveCount(2);
  await expect(steps(page).nth(0)).toHaveAttribute('aria-label', /get_order/);
});
