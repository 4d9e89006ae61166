/**
 * What the simulated model reads from its context window, as an LLM would: its mode from the
 * system prompt, the calls it made and what they returned, whether it was asked to reflect, and
 * the memory of earlier attempts. Works on plain messages, so the MSW handler can use it too.
 */
import type { Mode } from '../../config';
import { parseReply } from '../../parsers';
import { ATTEMPT_REFLECTION_SYSTEM, JUDGE_SYSTEM } from '../../attempts';
import { REFLECTION_PROMPT } from '../../prompts';
import type { CallPurpose } from '../../trace/events';
import type { Message, ToolCall, ToolSpec } from '../../types';

export interface SeenCall {
  readonly call: ToolCall;
  /** The observation found nothing (empty, an error, a repeat, or nothing new). */
  readonly empty: boolean;
  /** A reflection phase ran after this call's observation. */
  readonly reflectedAfter: boolean;
}

export interface SimContext {
  readonly mode: Mode;
  readonly purpose: CallPurpose;
  readonly calls: readonly SeenCall[];
  /** The system prompt carries reflections from earlier attempts. */
  readonly remembers: boolean;
  /** Which attempt this is (1 + the reflections in memory, as far as the model can tell). */
  readonly attempt: number;
  /** The last observation's text (the early answer reads it). */
  readonly lastObservation: string | null;
}

const EMPTY_BODIES = new Set(['[]', '{}', 'null', '""', '']);

function modeOf(system: string): Mode {
  if (/ReflAct agent/i.test(system)) return 'reflact';
  if (/ReAct agent/i.test(system)) return 'react';
  if (/agent that acts/i.test(system)) return 'act';
  return 'react';
}

function purposeOf(messages: readonly Message[]): CallPurpose {
  const last = messages.at(-1);
  if (messages[0]?.content === ATTEMPT_REFLECTION_SYSTEM) return 'attempt-reflection';
  if (messages[0]?.content === JUDGE_SYSTEM) return 'attempt-judge';
  if (last?.role === 'user' && last.content === REFLECTION_PROMPT) return 'reflection';
  if (last?.role === 'user' && /high-confidence sources/.test(last.content)) return 'early-answer';
  return 'action';
}

function observationBody(content: string): { body: string; failed: boolean } {
  const text = content.replace(/^Observation:\s*/, '');
  const failed = text.startsWith('[tool error]') || text.startsWith('[repeat of step');
  return { body: (failed ? text.replace(/^\[[^\]]*\]\s*/, '') : text).trim(), failed };
}

/** Pure: reads a context window (messages as sent) for the simulated model. */
export function readContext(messages: readonly Message[], tools: readonly ToolSpec[]): SimContext {
  const system = messages[0]?.role === 'system' ? messages[0].content : '';
  const mode = modeOf(system);
  const calls: SeenCall[] = [];
  const bodies = new Set<string>();
  let pending: ToolCall | null = null;
  let lastObservation: string | null = null;
  for (let i = 1; i < messages.length; i++) {
    const message = messages[i] as Message;
    const previous = messages[i - 1];
    if (message.role === 'assistant') {
      if (previous?.content === REFLECTION_PROMPT) {
        const last = calls.at(-1);
        if (last) calls[calls.length - 1] = { ...last, reflectedAfter: true };
        continue;
      }
      const native = message.toolCalls?.[0];
      if (native) {
        pending = { tool: native.name, args: safeArgs(native.arguments) };
        continue;
      }
      const outcome = parseReply(message.content, mode, tools);
      pending =
        outcome.ok && outcome.reply.action.kind === 'tool' ? outcome.reply.action.call : null;
    } else if (pending && (message.role === 'tool' || message.content.startsWith('Observation:'))) {
      const { body, failed } = observationBody(message.content);
      const empty = failed || EMPTY_BODIES.has(body) || bodies.has(body);
      bodies.add(body);
      calls.push({ call: pending, empty, reflectedAfter: false });
      lastObservation = body;
      pending = null;
    }
  }
  const remembered = system.match(/\[Reflection \d+\]/g)?.length ?? 0;
  return {
    mode,
    purpose: purposeOf(messages),
    calls,
    remembers: remembered > 0,
    attempt: remembered + 1,
    lastObservation,
  };
}

function safeArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
