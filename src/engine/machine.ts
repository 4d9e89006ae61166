/**
 * The loop as data: its phases and every transition between them, each naming the guard or
 * trigger that takes it. `step()` only ever moves along these transitions (a test walks them all),
 * and the app draws the phase graph, the timeline's guard marks, edge reasons and captions from
 * this object: a new guard transition shows up in all of them by itself.
 */
import type { Guard, Trigger } from './trace/types';

export type PhaseId =
  | 'gathering'
  | 'reflecting'
  | 'acting'
  | 'answering'
  | 'attempt-reflecting'
  | 'answered'
  | 'escalated'
  | 'stalled'
  | 'out-of-steps'
  | 'failed'
  | 'cancelled';

export interface PhaseSpec {
  readonly id: PhaseId;
  readonly label: string;
  readonly description: string;
  /** An attempt ends here; `final` phases also end the run (no further attempt can follow). */
  readonly ends: 'no' | 'attempt' | 'run';
}

export interface TransitionSpec {
  readonly id: string;
  readonly from: PhaseId;
  readonly to: PhaseId;
  /** What takes this transition: a guard's name or the event that triggers it. */
  readonly when: string;
  /** `guard` transitions are a guard deciding; they draw red in the phase graph. */
  readonly kind: 'flow' | 'gate' | 'guard' | 'fault';
  /** The guard that takes this transition (every `guard` transition names one), else null. */
  readonly guard: Guard | null;
  /** The reflection (or early-answer) trigger that opens this gate, else null. */
  readonly trigger: Trigger | null;
}

/** A guard as people read it: what it is called and what it does when it trips. */
export interface GuardSpec {
  readonly id: Guard;
  /** "duplicate guard": what an audience calls it. */
  readonly name: string;
  /** What happens to a run when it trips, after the run's name: "stops", "rejects an answer from". */
  readonly trips: string;
}

export const GUARDS: Readonly<Record<Guard, GuardSpec>> = {
  duplicate_tool_call: { id: 'duplicate_tool_call', name: 'duplicate guard', trips: 'stops' },
  fabrication: { id: 'fabrication', name: 'evidence guard', trips: 'rejects an answer from' },
  unparseable: { id: 'unparseable', name: 'format check', trips: 'stops' },
  max_steps: { id: 'max_steps', name: 'step budget', trips: 'runs out for' },
  stall_exit: { id: 'stall_exit', name: 'stall guard', trips: 'stops' },
};

const phase = (
  id: PhaseId,
  label: string,
  ends: PhaseSpec['ends'],
  description: string,
): PhaseSpec => ({
  id,
  label,
  ends,
  description,
});

export const PHASES: readonly PhaseSpec[] = [
  phase('gathering', 'Gathering', 'no', 'The model chooses the next action from what it has seen.'),
  phase(
    'reflecting',
    'Reflecting',
    'no',
    'A reflection phase: one model call that weighs hypotheses and evidence, no tool.',
  ),
  phase(
    'acting',
    'Acting',
    'no',
    'The chosen tool call passes the guards and the executor returns an observation.',
  ),
  phase(
    'answering',
    'Answering',
    'no',
    'An answer is checked against the evidence rules before it stands.',
  ),
  phase(
    'attempt-reflecting',
    'Reflecting on the attempt',
    'no',
    'Between attempts: a reflection on the finished attempt, carried into the next.',
  ),
  phase('answered', 'Answered', 'attempt', 'The attempt ended with an answer.'),
  phase('escalated', 'Escalated', 'attempt', 'A guard or the model handed the case to a person.'),
  phase('stalled', 'Stalled', 'attempt', 'Too many tool calls in a row found nothing new.'),
  phase('out-of-steps', 'Out of steps', 'attempt', 'The attempt used up its action steps.'),
  phase('failed', 'Failed', 'run', 'The model call failed; the run stops with what it recorded.'),
  phase('cancelled', 'Cancelled', 'run', 'The run was cancelled; it keeps what it recorded.'),
];

const t = (
  id: string,
  from: PhaseId,
  to: PhaseId,
  when: string,
  kind: TransitionSpec['kind'] = 'flow',
  by: { readonly guard?: Guard; readonly trigger?: Trigger } = {},
): TransitionSpec => ({
  id,
  from,
  to,
  when,
  kind,
  guard: by.guard ?? null,
  trigger: by.trigger ?? null,
});

const ATTEMPT_ENDS: readonly PhaseId[] = ['answered', 'escalated', 'stalled', 'out-of-steps'];
const LIVE: readonly PhaseId[] = [
  'gathering',
  'reflecting',
  'acting',
  'answering',
  'attempt-reflecting',
];
const CALLING: readonly PhaseId[] = ['gathering', 'reflecting', 'answering', 'attempt-reflecting'];

export const TRANSITIONS: readonly TransitionSpec[] = [
  t(
    'reflect-cadence',
    'gathering',
    'reflecting',
    'cadence: interval of action steps reached',
    'gate',
    { trigger: 'cadence' },
  ),
  t('reflect-stall', 'gathering', 'reflecting', 'stall: consecutive empty tool calls', 'gate', {
    trigger: 'stall',
  }),
  t('reflect-duplicate', 'gathering', 'reflecting', 'duplicate call blocked', 'gate', {
    trigger: 'duplicate',
  }),
  t('reflection-done', 'reflecting', 'gathering', 'reflection recorded'),
  t('choose-tool', 'gathering', 'acting', 'reply holds a tool call'),
  t('choose-answer', 'gathering', 'answering', 'reply holds an answer'),
  t('choose-escalate', 'gathering', 'escalated', 'model escalates'),
  t('reprompt', 'gathering', 'gathering', 'unparseable reply: ask once more', 'guard', {
    guard: 'unparseable',
  }),
  t('unparseable', 'gathering', 'escalated', 'unparseable reply', 'guard', {
    guard: 'unparseable',
  }),
  t('budget-exhausted', 'gathering', 'out-of-steps', 'max steps reached', 'guard', {
    guard: 'max_steps',
  }),
  t('observe', 'acting', 'gathering', 'observation recorded'),
  t(
    'duplicate-blocked',
    'acting',
    'gathering',
    'duplicate call answered with its earlier observation',
    'guard',
    { guard: 'duplicate_tool_call' },
  ),
  t('duplicate-escalate', 'acting', 'escalated', 'duplicate tool call', 'guard', {
    guard: 'duplicate_tool_call',
  }),
  t('stall-exit', 'acting', 'stalled', 'stall exit: consecutive empty tool calls', 'guard', {
    guard: 'stall_exit',
  }),
  t('high-confidence', 'acting', 'answering', 'high retrieval confidence: answer now', 'gate', {
    trigger: 'high_confidence',
  }),
  t('answer-accepted', 'answering', 'answered', 'answer backed by evidence'),
  t('fabrication', 'answering', 'escalated', 'fabrication: claim without evidence', 'guard', {
    guard: 'fabrication',
  }),
  t('early-answer-empty', 'answering', 'gathering', 'early answer came back empty'),
  ...ATTEMPT_ENDS.map((from) =>
    t(
      `retry-from-${from}`,
      from,
      'attempt-reflecting',
      'reward unknown or below threshold, attempts left',
    ),
  ),
  t(
    'attempt-start',
    'attempt-reflecting',
    'gathering',
    'next attempt starts with the reflection memory',
  ),
  ...CALLING.map((from) => t(`model-error-${from}`, from, 'failed', 'model call failed', 'fault')),
  ...LIVE.map((from) => t(`cancel-${from}`, from, 'cancelled', 'run cancelled', 'fault')),
];

const byId = new Map(TRANSITIONS.map((transition) => [transition.id, transition]));

/** The transition with this id; throws on an id the machine does not have (a programming error). */
export function transition(id: string): TransitionSpec {
  const found = byId.get(id);
  if (!found) throw new Error(`Unknown transition "${id}"`);
  return found;
}

export const MACHINE = {
  initial: 'gathering' as PhaseId,
  phases: PHASES,
  transitions: TRANSITIONS,
};
