/**
 * The fast path of reading Trace JSON v2: its steps, messages and path checked by hand, not by
 * zod (jitless zod spent seconds on a 100,000-step file). Each check accepts only values the
 * schema accepts and gives what the schema's output would be: the value itself when it already
 * is one (only the schema's keys, every default written, as the native writer writes them:
 * copying each of 100,000 steps was most of the path's time in a page), else a copy with the
 * defaults applied. It never changes the value it reads. A value with anything it does not know
 * — an unknown key, a wrong type, a step out of order — makes it answer null, and the caller
 * reads the file through the schemas, which word the problem. So a bad file gets exactly the
 * message it always got; only good files go fast.
 */
import { plainJson } from '../files/json-scan';
import { PHASES } from '../machine';
import type { Message } from '../types';
import type { ContextRef, Step } from './types';

type Json = Record<string, unknown>;

const PHASE_IDS = new Set<unknown>(PHASES.map((phase) => phase.id));
const KINDS = new Set<unknown>([
  'action',
  'reflection',
  'answer',
  'escalate',
  'attempt_reflection',
  'reprompt',
  'judge',
]);
const TRIGGERS = new Set<unknown>(['cadence', 'stall', 'duplicate', 'high_confidence']);
const INTENTS = new Set<unknown>(['tool', 'answer', 'escalate', 'reflect', 'reprompt']);
const OUTCOMES = new Set<unknown>(['allowed', 'denied']);
const GUARDS = new Set<unknown>([
  'duplicate_tool_call',
  'fabrication',
  'unparseable',
  'max_steps',
  'stall_exit',
]);
const FRAMINGS = new Set<unknown>(['failure', 'neutral']);
const ROLES = new Set<unknown>(['system', 'user', 'assistant', 'tool']);

const STEP_KEYS = new Set([
  'index',
  'attempt',
  'phase',
  'kind',
  'trigger',
  'modelCall',
  'reflection',
  'decision',
  'observation',
  'reward',
  'framing',
  'thought',
  'answer',
  'judge',
]);
const CALL_KEYS = new Set([
  'context',
  'text',
  'usage',
  'latencyMs',
  'usageEstimated',
  'ttftMs',
  'reasoning',
  'toolCall',
]);
const MESSAGE_KEYS = new Set(['role', 'content', 'toolCalls', 'toolCallId']);
const OBSERVATION_KEYS = new Set(['ok', 'result', 'empty', 'repeatOf']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose keys are all in `known` (the schema would strip any other: not fast). */
function onlyKeys(value: unknown, known: ReadonlySet<string>): value is Json {
  if (!isObject(value)) return false;
  for (const key in value) if (!known.has(key)) return false;
  return true;
}

/** An object with exactly these keys (in any order). */
function exactKeys(value: unknown, keys: readonly string[]): value is Json {
  if (!isObject(value)) return false;
  let count = 0;
  for (const key in value) {
    if (!keys.includes(key)) return false;
    count++;
  }
  return count === keys.length;
}

const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;
const isFinite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown) => value === null || isText(value);
/** A field with `.default(null)`: absent is null. */
const optionalTextOrNull = (value: unknown) => value === undefined || textOrNull(value);

const TOOL_CALL = ['id', 'name', 'arguments'];
const isToolCall = (value: unknown) =>
  exactKeys(value, TOOL_CALL) && isText(value.id) && isText(value.name) && isText(value.arguments);

/** A message as `messageSchema` reads it and `messageOf` makes it, or null. */
export function fastMessage(value: unknown): Message | null {
  if (!onlyKeys(value, MESSAGE_KEYS)) return null;
  const { role, content, toolCalls, toolCallId } = value;
  if (!ROLES.has(role) || !isText(content)) return null;
  if (toolCallId !== undefined && !isText(toolCallId)) return null;
  if (toolCalls !== undefined) {
    if (!Array.isArray(toolCalls)) return null;
    for (const call of toolCalls) if (!isToolCall(call)) return null;
  }
  // Its only keys are the message's, each as `messageOf` keeps it: the value is the message.
  return value as unknown as Message;
}

/** A model call's context, when it lies inside one of `conversations`, or null. */
function fastContext(value: unknown, conversations: readonly unknown[]): ContextRef | null {
  if (!exactKeys(value, ['conversation', 'length'])) return null;
  const { conversation, length } = value;
  if (!isCount(conversation) || !isCount(length)) return null;
  const messages = conversations[conversation];
  if (!Array.isArray(messages) || length > messages.length) return null;
  return value as unknown as ContextRef;
}

function fastModelCall(value: unknown, conversations: readonly unknown[]): Step['modelCall'] {
  if (!onlyKeys(value, CALL_KEYS)) return null;
  const context = fastContext(value.context, conversations);
  const { text, usage, latencyMs, usageEstimated, ttftMs, reasoning, toolCall } = value;
  if (!context || !isText(text)) return null;
  if (!exactKeys(usage, ['promptTokens', 'completionTokens'])) return null;
  if (!isCount(usage.promptTokens) || !isCount(usage.completionTokens)) return null;
  if (!isFinite(latencyMs) || latencyMs < 0) return null;
  if (usageEstimated !== undefined && typeof usageEstimated !== 'boolean') return null;
  if (ttftMs !== undefined && ttftMs !== null && !(isFinite(ttftMs) && ttftMs >= 0)) return null;
  if (!optionalTextOrNull(reasoning)) return null;
  if (toolCall !== undefined && toolCall !== null && !isToolCall(toolCall)) return null;
  // Every default already written (as the native writer does): the value is the call.
  if (
    usageEstimated !== undefined &&
    ttftMs !== undefined &&
    reasoning !== undefined &&
    toolCall !== undefined
  )
    return value as unknown as Step['modelCall'];
  return {
    context,
    text,
    usage,
    usageEstimated: usageEstimated ?? false,
    latencyMs,
    ttftMs: ttftMs ?? null,
    reasoning: reasoning ?? null,
    toolCall: toolCall ?? null,
  } as unknown as Step['modelCall'];
}

const isReflection = (value: unknown) =>
  exactKeys(value, ['state', 'discovery', 'goalRelation']) &&
  isText(value.state) &&
  isText(value.discovery) &&
  isText(value.goalRelation);

function isDecision(value: unknown): boolean {
  if (!exactKeys(value, ['intent', 'action', 'evidenceRefs', 'policy', 'confidence'])) return false;
  const { intent, action, evidenceRefs, policy, confidence } = value;
  if (!INTENTS.has(intent) || confidence !== 0) return false;
  if (action !== null) {
    if (!exactKeys(action, ['tool', 'args']) || !isText(action.tool)) return false;
    // Free-form: as the hardened reader's scan finds it clean (no forbidden key, not too deep;
    // the file's object, its steps, a step, its decision and action are levels 1 to 5).
    if (!isObject(action.args) || !plainJson(action.args, 6)) return false;
  }
  if (!Array.isArray(evidenceRefs) || !evidenceRefs.every(isCount)) return false;
  return (
    exactKeys(policy, ['outcome', 'reason']) &&
    OUTCOMES.has(policy.outcome) &&
    (policy.reason === null || GUARDS.has(policy.reason))
  );
}

function fastObservation(value: unknown): Step['observation'] | undefined {
  if (value === null) return null;
  // `result` may be any value, null included, but it must be there: the schema requires the key.
  if (!onlyKeys(value, OBSERVATION_KEYS) || !('result' in value)) return undefined;
  const { ok, empty, repeatOf, result } = value;
  // Free-form, as the scan finds it clean (the file, its steps, a step, this: levels 1 to 4).
  if (!plainJson(result, 5)) return undefined;
  if (typeof ok !== 'boolean' || typeof empty !== 'boolean') return undefined;
  if (repeatOf !== undefined && !isCount(repeatOf)) return undefined;
  return value as unknown as Step['observation'];
}

const isJudge = (value: unknown) =>
  exactKeys(value, ['score', 'reason', 'problem']) &&
  (value.score === null || (isFinite(value.score) && value.score >= 0 && value.score <= 1)) &&
  textOrNull(value.reason) &&
  textOrNull(value.problem);

/** Step `position` of a file as the schema and `stepOf` make it, or null. */
export function fastStep(
  value: unknown,
  position: number,
  conversations: readonly unknown[],
): Step | null {
  if (!onlyKeys(value, STEP_KEYS)) return null;
  const { index, attempt, phase, kind, trigger, reflection, decision, reward, framing } = value;
  const { thought, answer, judge } = value;
  if (index !== position || !Number.isSafeInteger(attempt) || (attempt as number) < 1) return null;
  if (!PHASE_IDS.has(phase) || !KINDS.has(kind)) return null;
  if (trigger !== null && !TRIGGERS.has(trigger)) return null;
  const modelCall = value.modelCall === null ? null : fastModelCall(value.modelCall, conversations);
  if (value.modelCall !== null && !modelCall) return null;
  if (reflection !== null && !isReflection(reflection)) return null;
  if (!isDecision(decision)) return null;
  const observation = fastObservation(value.observation);
  if (observation === undefined) return null;
  if (reward !== null && !isFinite(reward)) return null;
  if (framing !== null && !FRAMINGS.has(framing)) return null;
  if (!optionalTextOrNull(thought) || !optionalTextOrNull(answer)) return null;
  if (judge !== undefined && !isJudge(judge)) return null;
  // Nothing to default (as the native writer writes a step): the value is the step.
  if (
    thought !== undefined &&
    answer !== undefined &&
    modelCall === value.modelCall &&
    observation === value.observation
  )
    return value as unknown as Step;
  return {
    index: position,
    attempt: attempt as number,
    phase: phase as Step['phase'],
    kind: kind as Step['kind'],
    trigger: trigger as Step['trigger'],
    modelCall,
    reflection: reflection as Step['reflection'],
    decision: decision as unknown as Step['decision'],
    observation,
    reward: reward as number | null,
    framing: framing as Step['framing'],
    thought: (thought as string | null | undefined) ?? null,
    answer: (answer as string | null | undefined) ?? null,
    ...(judge !== undefined ? { judge: judge as unknown as Step['judge'] & object } : {}),
  };
}

/** Every element of `values` made by `one`, or null at the first it refuses. */
export function allOf<T>(
  values: readonly unknown[],
  one: (value: unknown, index: number) => T | null,
): T[] | null {
  const out: T[] = [];
  for (let i = 0; i < values.length; i++) {
    const made = one(values[i], i);
    if (made === null) return null;
    out.push(made);
  }
  return out;
}

/** The run's path as the schema reads it (absent: empty), or null. */
export function fastPath(value: unknown): { transition: string; step: number | null }[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  return allOf(value, (entry) =>
    exactKeys(entry, ['transition', 'step']) &&
    isText(entry.transition) &&
    (entry.step === null || isCount(entry.step))
      ? (entry as { transition: string; step: number | null })
      : null,
  );
}
