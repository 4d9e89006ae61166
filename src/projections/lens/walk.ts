/**
 * The lens's walk over a recorded trace: the engine's own guard and gate functions
 * (`fingerprint`, `forcesRefresh`, `observationKey`, `isEmptyResult`, `reflectionDue`,
 * `checkEvidence`) applied step by step under the lens's settings, with the per-attempt counters
 * the live loop keeps (`acting.ts`, `gathering.ts`, `ending.ts`). Pure: reads the trace, never
 * changes it.
 */
import {
  checkEvidence,
  fingerprint,
  forcesRefresh,
  isEmptyResult,
  observationKey,
  reflectionDue,
  type Evidence,
  type GateCounters,
  type Guard,
  type Step,
  type Trace,
  TRANSITIONS,
} from '../../engine';
import { pathSteps, transitionsById } from '../timeline-marks';
import { markText } from './words';
import type { EmptyReason, LensMark, LensMarkDraft as Draft, LensSettings } from './types';

interface Attempt {
  counters: GateCounters & { actionSteps: number };
  /** First step of the attempt that executed each call fingerprint. */
  readonly calls: Map<string, number>;
  /** First step of the attempt that observed each observation key. */
  readonly observations: Map<string, number>;
  readonly evidence: Evidence[];
  runStart: number;
  /** The run of empty observations the stall exit already stopped (marked once), or -1. */
  stalledRun: number;
  /** The step budget already ran out in this attempt (marked once). */
  outOfSteps: boolean;
  /** Whether the last step was one after which the loop goes back to gathering. */
  gathering: boolean;
}

const fresh = (): Attempt => ({
  counters: {
    actionSteps: 0,
    reflections: 0,
    actionStepsSinceReflection: 0,
    consecutiveEmpty: 0,
    duplicateBlockedSinceReflection: false,
  },
  calls: new Map(),
  observations: new Map(),
  evidence: [],
  runStart: -1,
  stalledRun: -1,
  outOfSteps: false,
  gathering: false,
});

/** A reply to an action call (the gate and the budget are checked before one). */
const isActionCall = (step: Step) =>
  step.trigger !== 'high_confidence' &&
  (step.kind === 'action' ||
    step.kind === 'answer' ||
    step.kind === 'escalate' ||
    step.kind === 'reprompt');

const GUARD_OF: Partial<Record<LensMark['kind'], Guard>> = {
  duplicate: 'duplicate_tool_call',
  stall: 'stall_exit',
  fabrication: 'fabrication',
  budget: 'max_steps',
};

/** Pure: the guard that would have stopped (or acted) for a mark, or null for a gate or count. */
export function guardOf(mark: LensMark): Guard | null {
  return GUARD_OF[mark.kind] ?? null;
}

/**
 * Pure: every guard that really tripped, as "step guard": a denied policy, or a guard transition
 * of the path (a step may hold two: a blocked repeat that also ends in the stall exit).
 */
function realTrips(trace: Trace): ReadonlySet<string> {
  const trips = new Set<string>();
  const owners = pathSteps(trace.path);
  const specs = transitionsById(TRANSITIONS);
  trace.path.forEach((entry, position) => {
    const guard = specs.get(entry.transition)?.guard ?? null;
    const owner = owners[position];
    if (guard !== null && owner !== null && owner !== undefined) trips.add(`${owner} ${guard}`);
  });
  for (const step of trace.steps) {
    const { outcome, reason } = step.decision.policy;
    if (outcome === 'denied' && reason) trips.add(`${step.index} ${reason}`);
  }
  return trips;
}

/** Pure: the would-have marks of a trace under the lens's settings, ascending by step. */
export function walkLens(trace: Trace, settings: LensSettings): LensMark[] {
  const walk = lensWalk(trace, settings);
  walk.visit(trace.steps.length);
  return walk.marks;
}

/** The lens's walk, resumable: `visit(count)` walks the next `count` steps (or what is left). */
export interface LensWalk {
  /** The marks of the steps walked so far, ascending by step (the same array as it grows). */
  readonly marks: LensMark[];
  /** Walks up to `count` more steps; whether the whole trace is walked. */
  visit(count: number): boolean;
}

/** Pure: a walk of the trace under the settings, in pieces; all of it gives `walkLens`'s marks. */
export function lensWalk(trace: Trace, settings: LensSettings): LensWalk {
  const { config } = settings;
  const rules = config.fabricationGuard ? (settings.evidenceRules ?? []) : [];
  const real = realTrips(trace);
  const marks: LensMark[] = [];
  const add = (mark: Draft) => {
    const guard = GUARD_OF[mark.kind];
    // A guard that really tripped at this step is the trace's own mark, not a would-have one.
    if (guard && real.has(`${mark.step} ${guard}`)) return;
    marks.push({ ...mark, text: markText(mark as LensMark) } as LensMark);
  };
  let attempt = fresh();
  let attemptNumber: number | null = null;

  const visitStep = (step: Step) => {
    if (step.attempt !== attemptNumber) {
      attemptNumber = step.attempt;
      attempt = fresh();
    }
    const counters = attempt.counters;
    // An early answer on high confidence follows its observation at once, not through gathering.
    const gated = step.kind !== 'attempt_reflection' && step.trigger !== 'high_confidence';
    if (attempt.gathering && gated) {
      // `enterGathering`: the step budget first (its stop leaves no gate), then the gate.
      const outOfSteps = !attempt.outOfSteps && counters.actionSteps >= config.maxSteps;
      if (outOfSteps) {
        attempt.outOfSteps = true;
        add({
          kind: 'budget',
          step: step.index,
          stops: true,
          transition: 'budget-exhausted',
          maxSteps: config.maxSteps,
        });
      }
      const trigger = outOfSteps ? null : reflectionDue(config.reflection, counters);
      if (trigger && trigger !== 'high_confidence') {
        // A recorded reflection where the gate opens is what the lens expects: no mark.
        if (step.kind !== 'reflection') {
          add({
            kind: 'reflect',
            step: step.index,
            stops: false,
            transition: `reflect-${trigger}`,
            gating: config.reflection.gating === 'fixed' ? 'fixed' : 'adaptive',
            trigger,
          });
        }
        attempt.counters = {
          ...counters,
          reflections: counters.reflections + 1,
          actionStepsSinceReflection: 0,
          duplicateBlockedSinceReflection: false,
        };
      }
    }
    attempt.gathering = false;
    const action = step.decision.action;
    if (isActionCall(step) && action && (step.kind === 'action' || step.kind === 'escalate')) {
      actOn(step, action, attempt, settings, add);
    } else if (step.answer !== null && (step.kind === 'answer' || step.kind === 'escalate')) {
      const { unbacked } = checkEvidence(step.answer, rules, attempt.evidence);
      if (unbacked.length > 0) {
        add({
          kind: 'fabrication',
          step: step.index,
          stops: true,
          transition: 'fabrication',
          claims: unbacked.map(
            (rule) =>
              `/${rule.claim}/ needs ${rule.requires.field} = ${JSON.stringify(rule.requires.equals)}`,
          ),
        });
      }
    } else if (step.kind === 'reflection' || step.kind === 'reprompt') {
      attempt.gathering = true;
    }
  };

  let next = 0;
  return {
    marks,
    visit(count) {
      const end = Math.min(trace.steps.length, next + Math.max(0, count));
      for (; next < end; next++) visitStep(trace.steps[next]!);
      return next >= trace.steps.length;
    },
  };
}

/** `onToolChoice` and `onToolResult` over a recorded tool call. */
function actOn(
  step: Step,
  call: NonNullable<Step['decision']['action']>,
  attempt: Attempt,
  settings: LensSettings,
  add: (mark: Draft) => void,
): void {
  const { config } = settings;
  const print = fingerprint(call);
  const prior =
    config.duplicates === 'off' || forcesRefresh(call) ? -1 : (attempt.calls.get(print) ?? -1);
  const blocked = prior >= 0 && config.duplicates === 'block';
  if (prior >= 0) {
    const outcome = config.duplicates === 'escalate' ? 'escalate' : 'block';
    add({
      kind: 'duplicate',
      step: step.index,
      stops: outcome === 'escalate',
      transition: outcome === 'escalate' ? 'duplicate-escalate' : 'duplicate-blocked',
      repeats: prior,
      outcome,
    });
  }
  const observation = step.observation;
  // A recorded escalation ran no tool: the attempt ended there.
  if (!observation && step.kind !== 'action') return;
  let reason: EmptyReason | null = null;
  let seenAt: number | null = null;
  if (blocked || observation?.repeatOf !== undefined) {
    reason = 'repeat';
    seenAt = blocked ? prior : (observation?.repeatOf ?? null);
  } else if (!observation) {
    // A call whose result the trace lacks (an imported span without one): it ran, result unknown.
    if (!attempt.calls.has(print)) attempt.calls.set(print, step.index);
  } else {
    const key = observationKey(observation.ok, observation.result);
    const seen = attempt.observations.get(key);
    if (!observation.ok) reason = 'failed';
    else if (seen !== undefined) [reason, seenAt] = ['seen', seen];
    else if (isEmptyResult(observation.result)) reason = 'nothing';
    if (!attempt.calls.has(print)) attempt.calls.set(print, step.index);
    if (seen === undefined) attempt.observations.set(key, step.index);
    attempt.evidence.push({ step: step.index, result: observation.result, empty: reason !== null });
  }
  const counters = attempt.counters;
  const inRow = reason !== null ? counters.consecutiveEmpty + 1 : 0;
  attempt.counters = {
    actionSteps: counters.actionSteps + 1,
    reflections: counters.reflections,
    actionStepsSinceReflection: counters.actionStepsSinceReflection + 1,
    consecutiveEmpty: inRow,
    duplicateBlockedSinceReflection: counters.duplicateBlockedSinceReflection || blocked,
  };
  attempt.gathering = true;
  if (reason === null) return;
  if (inRow === 1) attempt.runStart = step.index;
  add({
    kind: 'empty',
    step: step.index,
    stops: false,
    transition: 'observe',
    reason,
    seenAt,
    inRow,
    runStart: attempt.runStart,
  });
  // `observe`: the stall exit, unless a reflection is due (it never pre-empts one).
  const stalled =
    inRow >= config.stallExit && reflectionDue(config.reflection, attempt.counters) === null;
  if (stalled && attempt.stalledRun !== attempt.runStart) {
    attempt.stalledRun = attempt.runStart;
    add({ kind: 'stall', step: step.index, stops: true, transition: 'stall-exit', inRow });
  }
}
