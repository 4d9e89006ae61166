import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * OpenTelemetry out and a trace made into a scenario (issue 11): a built-in run exported as OTLP
 * JSON and JSON Lines has a span per model call and per tool run, each naming its step; "Make a
 * scenario from this run" opens the editor on a scenario with the run's task, which, saved and
 * run on the built-in model, makes the same tool calls and gives the same answer.
 */

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string };
}
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  startTimeUnixNano: string;
  attributes: Attribute[];
}
interface Request {
  resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
}
interface NativeStep {
  index: number;
  kind: string;
  modelCall: unknown;
  decision: { action: { tool: string; args: unknown } | null; policy: { outcome: string } };
  observation: { repeatOf?: number } | null;
}
interface NativeTrace {
  answer: string | null;
  steps: NativeStep[];
  conversations: { role: string; content: string }[][];
}

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const exportButton = (page: Page) => page.getByRole('button', { name: 'Export', exact: true });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Scenario JSON' });

/** Export → `choice`; the file it downloads. */
async function exported(page: Page, choice: string): Promise<{ name: string; text: string }> {
  const menu = page.getByRole('list', { name: 'Export as' });
  if (!(await menu.isVisible())) await exportButton(page).click();
  const saving = page.waitForEvent('download');
  await menu.getByRole('button', { name: choice }).click();
  const download: Download = await saving;
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

const spansOf = (request: Request) =>
  request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
const valueOf = (span: Span, key: string) => {
  const value = span.attributes.find((attribute) => attribute.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};
const toolCalls = (trace: NativeTrace) =>
  trace.steps.flatMap((step) => (step.decision.action ? [step.decision.action] : []));

test('Export → OpenTelemetry writes the run as spans; Make a scenario replays it', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=rca-checkout-latency');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');

  const native = await exported(page, 'Trace (.loopscope.json)');
  const original = JSON.parse(native.text) as NativeTrace;
  const otlp = await exported(page, 'OpenTelemetry (OTLP JSON)');
  expect(otlp.name).toMatch(/^rca-checkout-latency-.*\.otlp\.json$/);
  const spans = spansOf(JSON.parse(otlp.text) as Request);
  const [agent, ...children] = spans;
  expect(valueOf(agent!, 'gen_ai.operation.name')).toBe('invoke_agent');
  for (const span of spans) {
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.startTimeUnixNano).toMatch(/^\d+$/);
  }
  for (const child of children) expect(child.parentSpanId).toBe(agent!.spanId);
  const chats = spans.filter((span) => valueOf(span, 'gen_ai.operation.name') === 'chat');
  expect(chats.map((span) => valueOf(span, 'loopscope.step.index'))).toEqual(
    original.steps.filter((step) => step.modelCall).map((step) => String(step.index)),
  );
  expect(chats.map((span) => valueOf(span, 'loopscope.step.kind'))).toEqual(
    original.steps.filter((step) => step.modelCall).map((step) => step.kind),
  );
  const tools = spans.filter((span) => valueOf(span, 'gen_ai.operation.name') === 'execute_tool');
  const ran = original.steps.filter(
    (step) => step.decision.action && step.decision.policy.outcome === 'allowed',
  );
  expect(tools.map((span) => valueOf(span, 'gen_ai.tool.name'))).toEqual(
    ran.map((step) => step.decision.action?.tool),
  );
  expect(
    tools.map((span) => JSON.parse(valueOf(span, 'gen_ai.tool.call.arguments') ?? '')),
  ).toEqual(ran.map((step) => step.decision.action?.args));

  const lines = await exported(page, 'OpenTelemetry (JSONL)');
  expect(lines.name).toMatch(/\.otlp\.jsonl$/);
  const requests = lines.text.trimEnd().split('\n');
  expect(requests).toHaveLength(1);
  expect(spansOf(JSON.parse(requests[0]!) as Request)).toEqual(spans);

  // Make a scenario: the editor opens on it, unsaved, with the run's task.
  await exportButton(page).click();
  await page.getByRole('button', { name: 'Make a scenario from this run' }).click();
  await expect(page).toHaveURL(/#\/scenarios/);
  await expect(page.getByRole('status').first()).toContainText("Made from the run's trace");
  await expect(editor(page)).toContainText('"id": "rca-checkout-latency-from-trace"');
  const task = original.conversations[0]!.find((message) => message.role === 'user')!.content;
  await expect(editor(page)).toContainText(`"task": ${JSON.stringify(task).slice(0, 60)}`);
  await expect(page.getByRole('region', { name: 'Problems' })).toContainText('No problems');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText(
    '(rca-checkout-latency-from-trace) in your scenarios',
  );

  // Run: the recorded replies and results again, the same calls in the same order.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=rca-checkout-latency-from-trace/);
  await expect(metrics(page)).toContainText('Stop reason: answer');
  const replayed = JSON.parse(
    (await exported(page, 'Trace (.loopscope.json)')).text,
  ) as NativeTrace;
  expect(toolCalls(replayed)).toEqual(toolCalls(original));
  expect(toolCalls(replayed).length).toBeGreaterThan(0);
  expect(replayed.answer).toBe(original.answer);
});
