/**
 * The simulated model as a function of its context: the same scenario, messages and seed give
 * the same reply, whether it is called in-process (CLI, tests) or served over the OpenAI wire.
 */
import type { Protocol } from '../../config';
import type { Scenario, SimulatedModelSpec } from '../../scenario/types';
import type { Message } from '../../types';
import { readContext, type SimContext } from './context';
import { decide, nextLead, type Decision } from './policy';
import { writeAttemptReflection, writeJudgement, writeReflection, writeReply } from './write';

export interface SimulatedReply {
  /** The reply's text (with a native tool call: the thought that goes with it, may be empty). */
  readonly text: string;
  /** A native tool call (`tools` protocol), else null. */
  readonly toolCall: { readonly name: string; readonly arguments: string } | null;
  readonly timing: SimulatedTiming;
}

export interface SimulatedTiming {
  readonly ttftMs: number;
  readonly msPerToken: number;
  readonly msPerPromptToken: number;
}

/** Hosted models answer in ~0.5 s and stream ~40 tokens/s; a reflection round-trip costs seconds. */
export const DEFAULT_TIMING: SimulatedTiming = {
  ttftMs: 450,
  msPerToken: 25,
  msPerPromptToken: 0.05,
};

export interface SimulateOptions {
  readonly seed: number;
  readonly protocol?: Protocol;
}

/** The scenario's simulated model spec; throws when the scenario names another kind. */
export function simulatedSpec(scenario: Scenario): SimulatedModelSpec {
  if (scenario.model.kind !== 'simulated')
    throw new Error(`Scenario "${scenario.id}" has no simulated model`);
  return scenario.model;
}

function earlyAnswer(spec: SimulatedModelSpec, context: SimContext): Decision {
  const complete = nextLead(spec, context) === null || spec.partialAnswer === undefined;
  return {
    kind: 'answer',
    text: complete ? spec.answer : (spec.partialAnswer as string),
    complete,
  };
}

/** Pure: the simulated model's reply to a context window. */
export function simulateReply(
  scenario: Scenario,
  messages: readonly Message[],
  options: SimulateOptions,
): SimulatedReply {
  const spec = simulatedSpec(scenario);
  const timing = { ...DEFAULT_TIMING, ...spec.latency };
  const context = readContext(messages, scenario.tools);
  const reply = (text: string): SimulatedReply => ({ text, toolCall: null, timing });
  switch (context.purpose) {
    case 'reflection':
      return reply(writeReflection(spec, context));
    case 'attempt-reflection': {
      const failed = messages.some((message) => message.content.includes('Failed trajectory:'));
      return reply(writeAttemptReflection(spec, failed));
    }
    case 'attempt-judge':
      return reply(writeJudgement(spec, messages.at(-1)?.content ?? ''));
    case 'early-answer': {
      const decision = earlyAnswer(spec, context);
      return reply(writeReply(context.mode, spec, context, decision));
    }
    case 'action': {
      const decision = decide(spec, context, options.seed);
      if (options.protocol === 'tools' && decision.kind === 'call') {
        const { tool, args, thought } = decision.call;
        return { text: thought, toolCall: { name: tool, arguments: JSON.stringify(args) }, timing };
      }
      if (options.protocol === 'tools' && decision.kind === 'answer') return reply(decision.text);
      return reply(writeReply(context.mode, spec, context, decision));
    }
  }
}
