/**
 * `npm run --silent bench -- --write-otlp N FILE`: writes an N-span OTLP/JSON file shaped like
 * another tool's GenAI agent loop (the OpenTelemetry GenAI semantic conventions), the file the
 * browser bench's `ui.importOtlp100kMs` opens, so anyone can reproduce it or open it in the app.
 *
 * One trace, one ExportTraceServiceRequest (hex ids, `intValue`s as strings, JSON-valued
 * attributes as strings): an `invoke_agent order-desk` span (the root: the agent, its system
 * instructions and tool definitions) and under it, in time order, `chat gpt-4o-mini` spans (the
 * OpenAI instrumentation's scope: `gen_ai.input.messages`, `gen_ai.output.messages` in parts,
 * the model, token usage) alternating with `execute_tool <name>` spans (the agent's scope: the
 * call's id, arguments and result). Each chat asks for the tool that follows it and the last chat
 * answers, so the importer maps the N spans to ⌊N/2⌋ steps: each chat and its tool one action
 * step, a last lone chat the answer (N even). The agent keeps its context short, as long-running
 * agents do: each chat is sent the task and the last tool result, not the whole history (that
 * would make the file quadratic; 100,000 spans are ~92 MB as it is). Spans are listed in the
 * order they end, as exporters batch them. Ids, times, tokens and values come from a seeded
 * generator: the same N writes the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { parseWriteFlag } from './bench-trace';
import { userPath } from './user-path';

/** The most spans: 110,000 make a ~101 MB file, under the importer's 100 MiB cap on other tools' traces. */
export const MAX_OTLP_SPANS = 110_000;
/** The least: the agent span and one chat. */
const MIN_OTLP_SPANS = 2;

export type WriteOtlpRequest = { readonly spans: number; readonly file: string };

/**
 * Pure: the request `--write-otlp N FILE` in `args` names; null without the flag; a sentence
 * saying what is wrong with N or FILE otherwise.
 */
export function parseWriteOtlp(
  args: readonly string[],
): WriteOtlpRequest | { readonly problem: string } | null {
  const parsed = parseWriteFlag(args, {
    flag: 'write-otlp',
    unit: 'spans',
    min: MIN_OTLP_SPANS,
    max: MAX_OTLP_SPANS,
    why: '(the importer takes files up to 100 MB)',
  });
  return parsed && 'count' in parsed ? { spans: parsed.count, file: parsed.file } : parsed;
}

type Json = Record<string, unknown>;
type Value = string | number | readonly string[];

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CONVERSATION = 'conv_6f1c0b7e2d9a4c58';
/** 2026-12-01T09:00:00Z, in ns. */
const EPOCH_NS = 1_796_115_600_000_000_000n;
const MODEL = 'gpt-4o-mini';
const TASK = 'Ship every pending order whose items are packed.';
const SYSTEM = 'You are the order desk: read and update orders with the tools.';
const TOOLS = [
  {
    type: 'function',
    name: 'search_orders',
    description: 'List orders by status, a page at a time',
    parameters: {
      type: 'object',
      properties: { status: { type: 'string' }, page: { type: 'integer' } },
      required: ['status', 'page'],
    },
  },
  {
    type: 'function',
    name: 'get_order',
    description: 'Read one order',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
    },
  },
  {
    type: 'function',
    name: 'update_order',
    description: "Set an order's status",
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' }, status: { type: 'string' } },
      required: ['order_id', 'status'],
    },
  },
];
const ITEMS = ['mug', 'tea tin', 'notebook', 'lamp', 'scarf', 'kettle', 'pen set'];

/** A seeded generator (mulberry32): the same seed, the same numbers. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function attribute(key: string, value: Value): Json {
  if (typeof value === 'number') return { key, value: { intValue: String(value) } };
  if (typeof value === 'string') return { key, value: { stringValue: value } };
  return {
    key,
    value: { arrayValue: { values: value.map((item) => ({ stringValue: item })) } },
  };
}

const attributes = (values: Record<string, Value>): Json[] =>
  Object.entries(values).map(([key, value]) => attribute(key, value));

/** One tool call of the loop and what it returned. */
interface ToolTurn {
  readonly id: string;
  readonly name: string;
  readonly args: Json;
  readonly result: Json;
}

/** Pure: the agent's `turn`-th tool call: a page of pending orders, then each one read and shipped. */
function toolTurn(turn: number, random: () => number): ToolTurn {
  const id = `call_${(turn + 1).toString(36).padStart(6, '0')}`;
  const round = Math.floor(turn / 3);
  const order = `ord_${(100_000 + round).toString()}`;
  switch (turn % 3) {
    case 0:
      return {
        id,
        name: 'search_orders',
        args: { status: 'pending', page: round + 1 },
        result: {
          orders: [order],
          next_page: round + 2,
        },
      };
    case 1: {
      const item = ITEMS[Math.floor(random() * ITEMS.length)]!;
      return {
        id,
        name: 'get_order',
        args: { order_id: order },
        result: {
          order_id: order,
          status: 'pending',
          items: [item],
          packed: true,
        },
      };
    }
    default:
      return {
        id,
        name: 'update_order',
        args: { order_id: order, status: 'shipped' },
        result: { ok: true, order_id: order, status: 'shipped' },
      };
  }
}

const json = (value: unknown) => JSON.stringify(value);
const textPart = (content: string) => ({ type: 'text', content });
const callPart = (turn: ToolTurn) => ({
  type: 'tool_call',
  id: turn.id,
  name: turn.name,
  arguments: turn.args,
});

/**
 * Pure: the `spans`-span OTLP request (see the module comment): an ExportTraceServiceRequest
 * with one resource and two scopes.
 */
export function benchOtlpRequest(spans: number): Json {
  const random = seeded(spans);
  const hex = (digits: number) => {
    let out = '';
    while (out.length < digits)
      out += Math.floor(random() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, digits);
  };
  const rootId = hex(16);
  let clock = EPOCH_NS;
  /** Advances the clock by `ms` (to the µs); the time after, in ns. */
  const take = (ms: number) => {
    clock += BigInt(Math.round(ms * 1000)) * 1000n;
    return clock;
  };
  const span = (
    name: string,
    kind: number,
    start: bigint,
    end: bigint,
    values: Record<string, Value>,
  ): Json => ({
    traceId: TRACE_ID,
    spanId: hex(16),
    parentSpanId: rootId,
    name,
    kind,
    startTimeUnixNano: start.toString(),
    endTimeUnixNano: end.toString(),
    attributes: attributes(values),
    status: { code: 1 },
  });
  const chats: Json[] = [];
  const tools: Json[] = [];
  const rootStart = clock;
  let previous: ToolTurn | null = null;
  for (let at = 1, turn = 0; at < spans; at += 2, turn++) {
    const answering = at + 1 >= spans;
    const asked = answering ? null : toolTurn(turn, random);
    const input: Json[] = [{ role: 'user', parts: [textPart(TASK)] }];
    if (previous) {
      input.push({
        role: 'tool',
        parts: [{ type: 'tool_call_response', id: previous.id, response: previous.result }],
      });
    }
    const output = asked
      ? [{ role: 'assistant', parts: [callPart(asked)], finish_reason: 'tool_call' }]
      : [
          {
            role: 'assistant',
            parts: [textPart(`The backlog is done: ${Math.floor(turn / 3)} orders shipped.`)],
            finish_reason: 'stop',
          },
        ];
    const chatStart = take(1 + random() * 4);
    const chatEnd = take(350 + random() * 1200);
    chats.push(
      span(`chat ${MODEL}`, 3, chatStart, chatEnd, {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': MODEL,
        'gen_ai.usage.input_tokens': 480 + Math.floor(random() * 160),
        'gen_ai.usage.output_tokens': 18 + Math.floor(random() * 40),
        'gen_ai.input.messages': json(input),
        'gen_ai.output.messages': json(output),
      }),
    );
    if (!asked) break;
    const toolStart = take(1 + random() * 3);
    const toolEnd = take(20 + random() * 180);
    tools.push(
      span(`execute_tool ${asked.name}`, 1, toolStart, toolEnd, {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': asked.name,
        'gen_ai.tool.call.id': asked.id,
        'gen_ai.tool.call.arguments': json(asked.args),
        'gen_ai.tool.call.result': json(asked.result),
      }),
    );
    previous = asked;
  }
  const root: Json = {
    traceId: TRACE_ID,
    spanId: rootId,
    name: 'invoke_agent order-desk',
    kind: 1,
    startTimeUnixNano: rootStart.toString(),
    endTimeUnixNano: take(2).toString(),
    attributes: attributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.agent.name': 'order-desk',
      'gen_ai.agent.id': 'agent_order_desk',
      'gen_ai.request.model': MODEL,
      'gen_ai.conversation.id': CONVERSATION,
      'gen_ai.system_instructions': json([textPart(SYSTEM)]),
      'gen_ai.tool.definitions': json(TOOLS),
    }),
    status: { code: 1 },
  };
  return {
    resourceSpans: [
      {
        resource: {
          attributes: attributes({
            'service.name': 'order-desk-agent',
            'service.version': '1.4.2',
            'telemetry.sdk.language': 'python',
            'telemetry.sdk.name': 'opentelemetry',
            'telemetry.sdk.version': '1.38.0',
          }),
        },
        scopeSpans: [
          {
            scope: { name: 'opentelemetry.instrumentation.openai_v2', version: '2.2b0' },
            spans: chats,
          },
          // The agent's own spans; its root ends last, so it is listed last.
          { scope: { name: 'order_desk.agent', version: '1.4.2' }, spans: [...tools, root] },
        ],
      },
    ],
  };
}

/** Writes the `spans`-span OTLP file to `file`; its bytes. */
export function writeBenchOtlp(request: WriteOtlpRequest): number {
  const text = JSON.stringify(benchOtlpRequest(request.spans));
  writeFileSync(userPath(request.file), text);
  return Buffer.byteLength(text);
}
