/**
 * Calls in time order into Trace JSON v1 steps: a model call and the tool call that follows it
 * are one `action` step (more tool calls after one reply are steps of their own, without a model
 * call); a model call followed by no tool call is an `answer` step (the last one is the run's
 * answer). Metrics follow the Trace JSON v1 definitions, from the steps. Pure.
 */
import { fingerprint } from '../guards/duplicate';
import { canonicalJson, isEmptyResult } from '../tools';
import type { CallRead, ModelCallRead, ToolRead } from './calls';
import { compareNs, msBetween } from './times';

/** A step as Trace JSON v1 writes it (the call's messages in full). */
export type StepJson = Record<string, unknown> & { index: number };

export interface BuiltSteps {
  readonly steps: StepJson[];
  /** The step each call became, by the key of its outermost span. */
  readonly stepOf: Map<string, number>;
  readonly answer: string | null;
  readonly metrics: Record<string, number>;
  readonly path: { transition: string; step: number }[];
}

function modelCallJson(call: ModelCallRead, tool: ToolRead | null): Record<string, unknown> {
  const reply = call.reply;
  const native = reply?.toolCalls[0] ?? null;
  const toolCall =
    native ??
    (tool
      ? {
          id: tool.call.callId ?? '',
          name: tool.call.name,
          arguments: JSON.stringify(tool.call.args),
        }
      : null);
  const text = reply?.text || (toolCall ? `tool:${toolCall.name} ${toolCall.arguments}` : '');
  return {
    messages: call.messages,
    text,
    usage: { promptTokens: call.promptTokens ?? 0, completionTokens: call.completionTokens ?? 0 },
    usageEstimated: false,
    latencyMs: msBetween(call.node.span.startNs, call.node.span.endNs),
    ttftMs: null,
    reasoning: null,
    toolCall,
  };
}

const baseStep = (index: number) => ({
  index,
  attempt: 1,
  trigger: null,
  reflection: null,
  reward: null,
  framing: null,
  thought: null,
});

/** Pure: the steps of calls (sorted here by start time, then tree order). */
export function buildSteps(input: readonly CallRead[]): BuiltSteps {
  const calls = [...input].sort(
    (a, b) => compareNs(a.node.span.startNs, b.node.span.startNs) || a.node.order - b.node.order,
  );
  const steps: StepJson[] = [];
  const stepOf = new Map<string, number>();
  const path: { transition: string; step: number }[] = [];
  const fingerprints = new Set<string>();
  const results = new Set<string>();
  const lastModel = calls.map((call) => call.kind).lastIndexOf('model');
  let duplicateToolHits = 0;
  let emptyToolCalls = 0;
  let answer: string | null = null;
  for (let at = 0; at < calls.length; at++) {
    const call = calls[at]!;
    const next = calls[at + 1];
    const model = call.kind === 'model' ? call : null;
    const tool = call.kind === 'tool' ? call : next?.kind === 'tool' ? next : null;
    const index = steps.length;
    stepOf.set(call.node.key, index);
    if (model && !tool) {
      const text = model.reply?.text ?? '';
      if (at === lastModel) answer = text;
      steps.push({
        ...baseStep(index),
        phase: 'answered',
        kind: 'answer',
        modelCall: modelCallJson(model, null),
        decision: {
          intent: 'answer',
          action: null,
          evidenceRefs: [],
          policy: { outcome: 'allowed', reason: null },
          confidence: 0,
        },
        observation: null,
        answer: text,
      });
      path.push(
        { transition: 'choose-answer', step: index },
        { transition: 'answer-accepted', step: index },
      );
      continue;
    }
    if (model && tool) {
      at++;
      stepOf.set(tool.node.key, index);
    }
    const action = { tool: tool!.call.name, args: tool!.call.args };
    const print = fingerprint(action);
    if (fingerprints.has(print)) duplicateToolHits++;
    fingerprints.add(print);
    const seen = canonicalJson(tool!.call.result ?? null);
    const empty = isEmptyResult(tool!.call.result) || results.has(seen);
    if (empty) emptyToolCalls++;
    results.add(seen);
    steps.push({
      ...baseStep(index),
      phase: 'acting',
      kind: 'action',
      modelCall: model ? modelCallJson(model, tool) : null,
      decision: {
        intent: 'tool',
        action,
        evidenceRefs: [],
        policy: { outcome: 'allowed', reason: null },
        confidence: 0,
      },
      observation: { ok: tool!.call.ok, result: tool!.call.result ?? null, empty },
      answer: null,
    });
    path.push({ transition: 'choose-tool', step: index }, { transition: 'observe', step: index });
  }
  const modelSteps = steps.filter((step) => step['modelCall'] !== null);
  const sum = (key: 'promptTokens' | 'completionTokens'): number =>
    modelSteps.reduce(
      (total, step) =>
        total + ((step['modelCall'] as { usage: Record<string, number> }).usage[key] ?? 0),
      0,
    );
  const metrics = {
    llmCalls: modelSteps.length,
    reflections: 0,
    toolCalls: steps.filter((step) => step['kind'] === 'action').length,
    emptyToolCalls,
    duplicateToolHits,
    fabricationHits: 0,
    promptTokens: sum('promptTokens'),
    completionTokens: sum('completionTokens'),
    attempts: 1,
    latencyMs: modelSteps.reduce(
      (total, step) => total + (step['modelCall'] as { latencyMs: number }).latencyMs,
      0,
    ),
  };
  return { steps, stepOf, answer, metrics, path };
}
