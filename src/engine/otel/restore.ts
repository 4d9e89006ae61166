/**
 * A Loopscope export read back: spans that carry `loopscope.step.json` (the step as Trace JSON v1,
 * its call's messages written out) give back those steps exactly, with the run's config and stop
 * reason from the agent span; the metrics are counted from the steps. Pure.
 */
import { fingerprint } from '../guards/duplicate';
import { LOOPSCOPE } from './attributes';
import type { StepJson } from './steps';
import type { TreeNode } from './tree';
import { isRecord, numberOf, parsedJson, textAt, textOf } from './values';

export interface Restored {
  readonly steps: StepJson[];
  readonly stepOf: Map<string, number>;
  readonly config: Record<string, unknown> | null;
  readonly stopReason: string | null;
  readonly scenario: string | null;
  readonly answer: string | null;
  readonly metrics: Record<string, number>;
  readonly path: { transition: string; step: number }[];
}

/** The transitions a step of each kind took, as the machine names them. */
function transitionsOf(step: StepJson): string[] {
  const policy = (step['decision'] as { policy?: { reason?: string | null } } | undefined)?.policy;
  switch (step['kind']) {
    case 'action':
      return policy?.reason === 'duplicate_tool_call'
        ? ['choose-tool', 'duplicate-blocked']
        : ['choose-tool', 'observe'];
    case 'answer':
      return policy?.reason === 'fabrication'
        ? ['choose-answer', 'fabrication']
        : ['choose-answer', 'answer-accepted'];
    case 'reflection':
      return [`reflect-${textOf(step['trigger'] ?? 'cadence')}`, 'reflection-done'];
    case 'reprompt':
      return ['reprompt'];
    case 'escalate':
      return ['choose-escalate'];
    default:
      return [];
  }
}

/** Pure: the restored run, or null when no span carries a Loopscope step. */
export function restoreLoopscope(nodes: readonly TreeNode[]): Restored | null {
  const byIndex = new Map<number, StepJson>();
  const stepOf = new Map<string, number>();
  let agent: TreeNode | null = null;
  for (const node of nodes) {
    const attributes = node.span.attributes;
    if (
      textAt(attributes, LOOPSCOPE.config) !== null ||
      textAt(attributes, LOOPSCOPE.stopReason) !== null
    )
      agent ??= node;
    const step = parsedJson(attributes[LOOPSCOPE.step]);
    if (!isRecord(step) || typeof step['index'] !== 'number') continue;
    stepOf.set(node.key, step['index']);
    if (!byIndex.has(step['index'])) byIndex.set(step['index'], step as StepJson);
  }
  if (byIndex.size === 0) return null;
  const steps = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const config = agent ? parsedJson(agent.span.attributes[LOOPSCOPE.config]) : null;
  const answers = steps.filter(
    (step) => step['kind'] === 'answer' && typeof step['answer'] === 'string',
  );
  const withCall = steps.filter((step) => isRecord(step['modelCall']));
  const usage = (key: string): number =>
    withCall.reduce(
      (total, step) =>
        total +
        numberOf(
          ((step['modelCall'] as Record<string, Record<string, number>>)['usage'] ?? {})[key] ?? 0,
        ),
      0,
    );
  const prints = new Set<string>();
  let duplicates = 0;
  for (const step of steps) {
    const action = (
      step['decision'] as
        { action?: { tool: string; args: Record<string, unknown> } | null } | undefined
    )?.action;
    if (!action || step['kind'] !== 'action') continue;
    const print = fingerprint(action);
    if (prints.has(print)) duplicates++;
    prints.add(print);
  }
  const reason = (guard: string) =>
    steps.filter(
      (step) => (step['decision'] as { policy?: { reason?: string } }).policy?.reason === guard,
    ).length;
  return {
    steps,
    stepOf,
    config: isRecord(config) ? config : null,
    stopReason: agent ? textAt(agent.span.attributes, LOOPSCOPE.stopReason) : null,
    scenario: agent ? textAt(agent.span.attributes, LOOPSCOPE.scenario) : null,
    answer: answers.length > 0 ? (answers[answers.length - 1]!['answer'] as string) : null,
    metrics: {
      llmCalls: withCall.length,
      reflections: steps.filter(
        (step) => step['kind'] === 'reflection' || step['kind'] === 'attempt_reflection',
      ).length,
      toolCalls: steps.filter((step) => step['kind'] === 'action' && isRecord(step['observation']))
        .length,
      emptyToolCalls: steps.filter(
        (step) => isRecord(step['observation']) && step['observation']['empty'] === true,
      ).length,
      duplicateToolHits: duplicates,
      fabricationHits: reason('fabrication'),
      promptTokens: usage('promptTokens'),
      completionTokens: usage('completionTokens'),
      attempts: Math.max(1, ...steps.map((step) => numberOf(step['attempt'] ?? 1))),
      latencyMs: withCall.reduce(
        (total, step) =>
          total + numberOf((step['modelCall'] as Record<string, unknown>)['latencyMs'] ?? 0),
        0,
      ),
    },
    path: steps.flatMap((step) =>
      transitionsOf(step).map((transition) => ({ transition, step: step.index })),
    ),
  };
}
