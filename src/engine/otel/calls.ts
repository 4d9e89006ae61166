/**
 * The model and tool calls of a span tree, each counted once: a model call reported on two or
 * three nested spans (ADK's `call_llm` → `generate_content` → OpenLLMetry's `openai.chat`) is one
 * call, read from whichever of its spans holds the messages, the reply and the usage; a tool span
 * inside a tool span (a second instrumentation of the same call) is one tool call. Token rollups
 * on agent and chain spans are never read. Pure.
 */
import type { Message } from '../types';
import { GEN_AI } from './attributes';
import { classify, type SpanClass } from './classify';
import { inputMessages, type Reply } from './messages';
import { outputReply } from './reply';
import type { ForeignSpan, NoteLog } from './model';
import { toolCallOf, type ToolCallRead } from './tool-call';
import type { TreeNode } from './tree';
import { countAt, textAt } from './values';

export interface ModelCallRead {
  readonly kind: 'model';
  /** The outermost span of the call (its time is the call's time). */
  readonly node: TreeNode;
  /** Every span that reports this call, outermost first. */
  readonly reports: readonly TreeNode[];
  readonly messages: readonly Message[];
  readonly reply: Reply | null;
  readonly promptTokens: number | null;
  readonly completionTokens: number | null;
  readonly model: string | null;
}

export interface ToolRead {
  readonly kind: 'tool';
  readonly node: TreeNode;
  readonly reports: readonly TreeNode[];
  readonly call: ToolCallRead;
}

export type CallRead = ModelCallRead | ToolRead;

const PROMPT_KEYS = [
  GEN_AI.inputTokens,
  'gen_ai.usage.prompt_tokens',
  'llm.token_count.prompt',
  'llm.usage.prompt_tokens',
];
const COMPLETION_KEYS = [
  GEN_AI.outputTokens,
  'gen_ai.usage.completion_tokens',
  'llm.token_count.completion',
  'llm.usage.completion_tokens',
];

function usage(
  span: ForeignSpan,
  keys: readonly string[],
  which: 'promptTokens' | 'completionTokens',
  notes: NoteLog,
): number | null {
  return countAt(span.attributes, keys, notes, span.spanId) ?? span.backend?.[which] ?? null;
}

function modelCall(reports: readonly TreeNode[], notes: NoteLog): ModelCallRead {
  const innermostFirst = [...reports].reverse();
  const pick = <T>(read: (span: ForeignSpan) => T | null): T | null => {
    for (const node of innermostFirst) {
      const value = read(node.span);
      if (value !== null) return value;
    }
    return null;
  };
  let messages: readonly Message[] = [];
  for (const node of innermostFirst) {
    const found = inputMessages(node.span);
    if (found.length > messages.length) messages = found;
  }
  return {
    kind: 'model',
    node: reports[0]!,
    reports,
    messages,
    reply: pick(outputReply),
    promptTokens: pick((span) => usage(span, PROMPT_KEYS, 'promptTokens', notes)),
    completionTokens: pick((span) => usage(span, COMPLETION_KEYS, 'completionTokens', notes)),
    model: pick(
      (span) =>
        textAt(span.attributes, GEN_AI.responseModel) ??
        textAt(span.attributes, GEN_AI.requestModel) ??
        textAt(span.attributes, 'llm.model_name') ??
        span.backend?.model ??
        null,
    ),
  };
}

/** Pure: each span's class, and the calls of the tree in depth-first order. */
export function readCalls(
  nodes: readonly TreeNode[],
  notes: NoteLog,
): { classes: Map<string, SpanClass>; calls: CallRead[] } {
  const classes = new Map(nodes.map((node) => [node.key, classify(node.span)]));
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  /** The outermost span of the same type above a node, through spans of that type only. */
  const groupOf = new Map<string, string>();
  for (const node of nodes) {
    const type = classes.get(node.key)!.type;
    if (type !== 'model' && type !== 'tool') continue;
    const parent = node.parent === null ? null : byKey.get(node.parent);
    const parentType = parent ? classes.get(parent.key)!.type : null;
    groupOf.set(node.key, parent && parentType === type ? groupOf.get(parent.key)! : node.key);
  }
  const groups = new Map<string, TreeNode[]>();
  for (const node of nodes) {
    const group = groupOf.get(node.key);
    if (group === undefined) continue;
    const list = groups.get(group) ?? [];
    list.push(node);
    groups.set(group, list);
  }
  const calls: CallRead[] = [];
  for (const [key, reports] of groups) {
    const head = byKey.get(key)!;
    if (classes.get(key)!.type === 'model') calls.push(modelCall(reports, notes));
    else calls.push({ kind: 'tool', node: head, reports, call: mergedToolCall(reports) });
  }
  return { classes, calls };
}

/** One tool call from all its reports: the outer span's name, the first arguments and result found. */
function mergedToolCall(reports: readonly TreeNode[]): ToolCallRead {
  const reads = reports.map((node) => toolCallOf(node.span));
  const outer = reads[0]!;
  return {
    name: outer.name,
    callId: reads.find((read) => read.callId !== null)?.callId ?? null,
    args: reads.find((read) => Object.keys(read.args).length > 0)?.args ?? outer.args,
    result: reads.find((read) => read.result !== null)?.result ?? null,
    ok: reads.every((read) => read.ok),
  };
}
