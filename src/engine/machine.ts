/**
 * The loop as data: its phases and every transition between them, each naming the guard or
 * trigger that takes it. `step()` only ever moves along these transitions (a test walks them all),
 * and the app draws the phase graph from this object.
 */

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
}

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
): TransitionSpec => ({ id, from, to, when, kind });

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
  ),
  t('reflect-stall', 'gathering', 'reflecting', 'stall: consecutive empty tool calls', 'gate'),
  t('reflect-duplicate', 'gathering', 'reflecting', 'duplicate call blocked', 'gate'),
  t('reflection-done', 'reflecting', 'gathering', 'reflection recorded'),
  t('choose-tool', 'gathering', 'acting', 'reply holds a tool call'),
  t('choose-answer', 'gathering', 'answering', 'reply holds an answer'),
  t('choose-escalate', 'gathering', 'escalated', 'model escalates'),
  t('reprompt', 'gathering', 'gathering', 'unparseable reply: ask once more', 'guard'),
  t('unparseable', 'gathering', 'escalated', 'unparseable reply', 'guard'),
  t('budget-exhausted', 'gathering', 'out-of-steps', 'max steps reached', 'guard'),
  t('observe', 'acting', 'gathering', 'observation recorded'),
  t(
    'duplicate-blocked',
    'acting',
    'gathering',
    'duplicate call answered with its earlier observation',
    'guard',
  ),
  t('duplicate-escalate', 'acting', 'escalated', 'duplicate tool call', 'guard'),
  t('stall-exit', 'acting', 'stalled', 'stall exit: consecutive empty tool calls', 'guard'),
  t('high-confidence', 'acting', 'answering', 'high retrieval confidence: answer now', 'gate'),
  t('answer-accepted', 'answering', 'answered', 'answer backed by evidence'),
  t('fabrication', 'answering', 'escalated', 'fabrication: claim without evidence', 'guard'),
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
