/**
 * Forking a recorded run: its steps up to a point are replayed through the pure step function
 * (no model call, no tool run: the recorded replies and observations are fed back), then the run
 * goes on live under a new config. The replayed prefix is the recorded one, byte for byte.
 */
import type { LoopConfig } from '../config';
import type { Scenario } from '../scenario/types';
import type { LoopEvent } from '../trace/events';
import { canonicalJson } from '../tools/json';
import type { ContextRef, Step, Trace } from '../trace/types';
import type { Message } from '../types';
import type { Effect, LoopInput } from './kit';
import { initialState, type LoopState } from './state';
import { step } from './step';

/** Where a fork goes on live: the replayed state, its pending effects, the prefix's events. */
export interface ForkPoint {
  readonly state: LoopState;
  readonly effects: readonly Effect[];
  /** The events the replay emitted (run-start, the prefix's steps): a view shows them first. */
  readonly events: readonly LoopEvent[];
}

/** A fork that cannot be made: the step does not exist, or the trace does not replay. */
export class ForkError extends Error {
  constructor(
    readonly code: 'fork_out_of_range' | 'fork_diverged',
    message: string,
  ) {
    super(message);
    this.name = 'ForkError';
  }
}

/** Pure: the inputs that made a recorded step (a model reply, then the executed tool's result). */
function* inputsOf(steps: readonly Step[]): Generator<LoopInput> {
  for (const recorded of steps) {
    const call = recorded.modelCall;
    if (call) {
      yield {
        type: 'model-call-end',
        text: call.text,
        toolCall: call.toolCall,
        usage: call.usage,
        usageEstimated: call.usageEstimated,
        latencyMs: call.latencyMs,
        ttftMs: call.ttftMs,
        reasoning: call.reasoning,
      };
    }
    // A judge call that failed recorded no call: its failure is replayed as it was.
    const failed = recorded.kind === 'judge' && !call ? recorded.judge?.problem : undefined;
    if (failed) {
      const message = /^The judge call failed \((.*)\): the reward is unknown\.$/s.exec(
        failed,
      )?.[1];
      yield {
        type: 'model-call-fail',
        error: { code: 'judge_failed', message: message ?? failed },
      };
    }
    const observation = recorded.observation;
    if (recorded.kind === 'action' && observation && observation.repeatOf === undefined) {
      yield { type: 'tool-run-end', result: { ok: observation.ok, result: observation.result } };
    }
  }
}

/** What a step recorded apart from where its context lives (compared as canonical JSON). */
function withoutContext(recorded: Step): string {
  const { modelCall, ...rest } = recorded;
  if (!modelCall) return canonicalJson(rest);
  const { context, ...call } = modelCall;
  return canonicalJson({ ...rest, modelCall: { ...call, length: context.length } });
}

/**
 * Pure: whether two runs' steps recorded the same things, each model call's context included.
 * The contexts are compared by their messages, not by conversation number: a trace loaded from
 * JSON may number its conversations otherwise than the run that recorded it.
 */
function sameSteps(
  replayed: readonly Step[],
  replayedConversations: readonly (readonly Message[])[],
  recorded: readonly Step[],
  recordedConversations: readonly (readonly Message[])[],
): boolean {
  if (replayed.length !== recorded.length) return false;
  /** For each replayed conversation: the recorded one it stands for, and the longest use. */
  const pairs = new Map<number, { recorded: number; length: number }>();
  for (let index = 0; index < replayed.length; index++) {
    const a = replayed[index]!;
    const b = recorded[index]!;
    if (withoutContext(a) !== withoutContext(b)) return false;
    if (!a.modelCall || !b.modelCall) continue;
    const from = a.modelCall.context;
    const to = b.modelCall.context;
    const known = pairs.get(from.conversation);
    if (known && known.recorded !== to.conversation) {
      // One replayed conversation stood for two recorded ones: compare this prefix now.
      if (!samePrefix(from, to)) return false;
      continue;
    }
    pairs.set(from.conversation, {
      recorded: to.conversation,
      length: Math.max(known?.length ?? 0, from.length),
    });
  }
  function samePrefix(from: ContextRef, to: ContextRef): boolean {
    const a = (replayedConversations[from.conversation] ?? []).slice(0, from.length);
    const b = (recordedConversations[to.conversation] ?? []).slice(0, to.length);
    return (
      a.length === from.length && b.length === to.length && canonicalJson(a) === canonicalJson(b)
    );
  }
  for (const [from, { recorded: to, length }] of pairs) {
    if (!samePrefix({ conversation: from, length }, { conversation: to, length })) return false;
  }
  return true;
}

/**
 * The events a replay plans: the decision events, and each model call of a step before `atStep`
 * (answered from the record; the call of step `atStep` is decided again live).
 */
const emitted = (effects: readonly Effect[], atStep: number): LoopEvent[] =>
  effects.flatMap((effect): LoopEvent[] => {
    if (effect.type === 'emit') return [effect.event];
    if (effect.type !== 'model-call' || effect.request.step >= atStep) return [];
    const { request } = effect;
    return [
      {
        type: 'model-call-start',
        step: request.step,
        purpose: request.purpose,
        conversation: request.conversation,
        contextLength: request.context.length,
        context: request.context,
        replayed: true,
      },
    ];
  });

/**
 * Pure: replays `trace` (of `scenario`) up to step `atStep` under the trace's own config, then
 * plans the rest under `config`. Step `atStep` and everything after it will run live.
 */
export function prepareFork(
  scenario: Scenario,
  trace: Trace,
  atStep: number,
  config: LoopConfig,
): ForkPoint {
  if (!Number.isInteger(atStep) || atStep < 0 || atStep > trace.steps.length) {
    throw new ForkError(
      'fork_out_of_range',
      `The run has no step ${atStep} to fork from (it has ${trace.steps.length}).`,
    );
  }
  let [state, effects] = step(initialState(scenario, trace.config), { type: 'run-start' });
  const events = emitted(effects, atStep);
  const inputs = inputsOf(trace.steps);
  while (!(state.history.length === atStep && state.pending?.kind === 'model')) {
    const next = inputs.next();
    if (next.done || state.done) {
      throw new ForkError(
        'fork_diverged',
        `Replaying the run did not reach step ${atStep} with a model call due: the scenario may have changed since it was recorded.`,
      );
    }
    [state, effects] = step(state, next.value);
    events.push(...emitted(effects, atStep));
  }
  const replayed = state.history.steps.toArray();
  const conversations = state.conversations.map((conversation) => conversation.toArray());
  if (!sameSteps(replayed, conversations, trace.steps.slice(0, atStep), trace.conversations)) {
    throw new ForkError(
      'fork_diverged',
      'Replaying the run gave other steps than it recorded: the scenario may have changed since.',
    );
  }
  [state, effects] = step(state, { type: 'run-fork', config });
  return { state, effects, events };
}
