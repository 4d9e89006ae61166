/**
 * Pure: a run's steps as timeline cells — one per step, with the kind that colours it, a short
 * label, a tooltip, the marks a user jumps between (reflections, guard trips: timeline-marks.ts)
 * and whether the phase graph's selection went through it. No React; the timeline pane renders
 * what this returns.
 */
import {
  GUARDS,
  TRANSITIONS,
  type Guard,
  type RunGrade,
  type PathEntry,
  type PhaseId,
  type Step,
  type TransitionSpec,
} from '../engine';
import { gradeLine } from './grade-words';
import { pathSteps, transitionsById, timelineMarks, type TimelineMarks } from './timeline-marks';

export {
  guardTrips,
  nextMark,
  pathSteps,
  timelineMarks,
  type TimelineMarks,
} from './timeline-marks';
export { timelineLens, type CellLens } from './timeline-lens';

/** What colours a cell. `empty` is an action whose observation found nothing (or only a repeat). */
export type TimelineKind =
  'action' | 'empty' | 'reflection' | 'answer' | 'escalation' | 'reprompt' | 'attempt';

/** What the phase graph selected (the run store's `selection`). */
export type TimelineSelection =
  | { readonly kind: 'phase'; readonly id: PhaseId }
  | { readonly kind: 'transition'; readonly id: string };

export interface TimelineCell {
  /** The step's index in the trace (0-based). */
  readonly index: number;
  readonly attempt: number;
  readonly kind: TimelineKind;
  /** What the step is, in words: "reflection (stall)", "empty action", "escalation (evidence guard)". */
  readonly description: string;
  /** A few characters that fit under the cell: the tool, the trigger, "answer". */
  readonly label: string;
  /** The tooltip: description, call, observation and guard, one per line. */
  readonly title: string;
  /** The phase graph's selection went through this step. */
  readonly selected: boolean;
  /** A reflection (in an attempt or between attempts): `[` / `]` stop here. */
  readonly reflection: boolean;
  /** The guard that tripped at this step, or null. */
  readonly guard: Guard | null;
  /** The first step of an attempt after the first: the timeline draws a boundary before it. */
  readonly attemptStart: boolean;
  /**
   * The run's verdict on the run's final answer (`gradeRun`): "correct", or "wrong: never
   * mentions …". Null on every other cell, and when the scenario expects nothing.
   */
  readonly verdict: string | null;
  /** The verdict is wrong: the cell must not wear the answer's success colour. */
  readonly wrong: boolean;
}

export interface Timeline extends TimelineMarks {
  readonly cells: readonly TimelineCell[];
  /** How many cells the selection went through (0 with no selection). */
  readonly selectedCount: number;
}

function isEmptyAction(step: Step): boolean {
  const observation = step.observation;
  return observation !== null && (observation.empty || !observation.ok);
}

/** Pure: the cell kind of a step. */
export function timelineKind(step: Step): TimelineKind {
  switch (step.kind) {
    case 'action':
      return isEmptyAction(step) ? 'empty' : 'action';
    case 'reflection':
      return 'reflection';
    case 'answer':
      return 'answer';
    case 'escalate':
      return 'escalation';
    case 'reprompt':
      return 'reprompt';
    case 'attempt_reflection':
    case 'judge':
      return 'attempt';
  }
}

/** Pure: a guard as people call it ("stall guard", "duplicate guard"), never its identifier. */
export const guardName = (guard: Guard): string => GUARDS[guard].name;

/** Pure: what a step is, in words ("reflection (stall)", "escalation (duplicate guard)"). */
export function describeStep(step: Step): string {
  switch (timelineKind(step)) {
    case 'action':
      return 'action';
    case 'empty':
      if (step.observation?.repeatOf !== undefined) return 'empty action (repeat)';
      return step.observation?.ok === false ? 'empty action (tool error)' : 'empty action';
    case 'reflection':
      return step.trigger ? `reflection (${step.trigger})` : 'reflection';
    case 'answer':
      return 'answer';
    case 'escalation': {
      // The guard by the name people call it ("duplicate guard"), not its identifier.
      const reason = step.decision.policy.reason;
      return `escalation (${reason ? guardName(reason) : 'by the model'})`;
    }
    case 'reprompt':
      return 'reprompt';
    case 'attempt':
      return step.kind === 'judge'
        ? `judge of attempt ${step.attempt} (${judgeReward(step)})`
        : `reflection on attempt ${step.attempt}`;
  }
}

/** "reward 0.2", "reward unknown": what a judge step gave its attempt. */
function judgeReward(step: Step): string {
  return step.reward === null ? 'reward unknown' : `reward ${Number(step.reward.toFixed(2))}`;
}

/**
 * Pure: "Step 1 · 2 of 5 · reflection (stall)". Steps are named by their trace index (as the
 * decision record and evidence refs name them), then placed by position.
 */
export function stepPosition(step: Step, total: number): string {
  const tool = step.kind === 'action' ? step.decision.action?.tool : undefined;
  const base = `Step ${step.index} · ${step.index + 1} of ${total} · ${describeStep(step)}`;
  return tool ? `${base} · ${tool}` : base;
}

function shortLabel(step: Step): string {
  switch (step.kind) {
    case 'action':
      return step.decision.action?.tool ?? 'action';
    case 'reflection':
      return step.trigger ?? 'reflect';
    case 'answer':
      return 'answer';
    case 'escalate': {
      const reason = step.decision.policy.reason;
      return reason ? guardName(reason) : 'escalate';
    }
    case 'reprompt':
      return 'reprompt';
    case 'attempt_reflection':
      return `attempt ${step.attempt}`;
    case 'judge':
      return 'judge';
  }
}

/** At most this many characters of a call's arguments in a tooltip: enough to tell calls apart. */
const ARGS_IN_TITLE = 120;

/** The tooltip leaves out the step count, so a cell's title stays put while a run grows. */
function titleOf(step: Step, guard: Guard | null, verdict: string | null): string {
  const lines = [`Step ${step.index} · ${describeStep(step)}`];
  if (step.attempt > 1 || step.kind === 'attempt_reflection' || step.kind === 'judge')
    lines.push(`Attempt ${step.attempt}`);
  const judged = step.judge?.problem ?? step.judge?.reason;
  if (judged) lines.push(`Judge: ${judged}`);
  const call = step.decision.action;
  if (call) {
    const args = JSON.stringify(call.args);
    const shown = args.length > ARGS_IN_TITLE ? `${args.slice(0, ARGS_IN_TITLE - 1)}…` : args;
    lines.push(`${call.tool} ${shown}`);
  }
  const observation = step.observation;
  if (observation) {
    if (observation.repeatOf !== undefined) {
      lines.push(`Observation: repeat of step ${observation.repeatOf}`);
    } else if (!observation.ok) lines.push('Observation: tool error');
    else lines.push(`Observation: ${observation.empty ? 'empty' : 'found something'}`);
  }
  if (guard) lines.push(`Guard tripped: ${guardName(guard)}`);
  if (verdict) lines.push(`Answer: ${verdict}`);
  return lines.join('\n');
}

/**
 * A timeline cell. Its tooltip is written when first read: the strip draws the cells in view, so
 * a 100,000-step run writes a few dozen tooltips, not 100,000 (each with its call's arguments).
 */
class Cell implements TimelineCell {
  readonly index: number;
  readonly attempt: number;
  readonly kind: TimelineKind;
  readonly description: string;
  readonly label: string;
  readonly reflection: boolean;
  readonly #step: Step;
  #title: string | null = null;

  constructor(
    step: Step,
    readonly guard: Guard | null,
    readonly verdict: string | null,
    readonly wrong: boolean,
    readonly selected: boolean,
    readonly attemptStart: boolean,
  ) {
    this.#step = step;
    this.index = step.index;
    this.attempt = step.attempt;
    this.kind = timelineKind(step);
    this.description = describeStep(step);
    this.label = wrong ? 'wrong answer' : shortLabel(step);
    this.reflection = step.kind === 'reflection' || step.kind === 'attempt_reflection';
  }

  get title(): string {
    return (this.#title ??= titleOf(this.#step, this.guard, this.verdict));
  }
}

/** Pure: the steps the selection went through (a phase: stayed in, entered or left it). */
export function selectedSteps(
  steps: readonly Step[],
  path: readonly PathEntry[],
  selection: TimelineSelection | null,
  transitions: readonly TransitionSpec[] = TRANSITIONS,
): ReadonlySet<number> {
  const chosen = new Set<number>();
  if (!selection) return chosen;
  if (selection.kind === 'phase') {
    for (const step of steps) if (step.phase === selection.id) chosen.add(step.index);
  }
  const owners = pathSteps(path);
  const specs = transitionsById(transitions);
  path.forEach((entry, position) => {
    const owner = owners[position];
    if (owner === null || owner === undefined || owner >= steps.length) return;
    if (selection.kind === 'transition') {
      if (entry.transition === selection.id) chosen.add(owner);
      return;
    }
    const spec = specs.get(entry.transition);
    if (spec && (spec.from === selection.id || spec.to === selection.id)) chosen.add(owner);
  });
  return chosen;
}

/**
 * Pure: the run's steps as timeline cells, with the marks and the selection; guard marks come from
 * the guards `transitions` name (the machine's by default), so a new guard transition marks itself.
 * `grade` (the ended run's `gradeRun`) goes on the final answer cell: a wrong answer says so.
 */
export function buildTimeline(
  steps: readonly Step[],
  path: readonly PathEntry[],
  selection: TimelineSelection | null,
  transitions: readonly TransitionSpec[] = TRANSITIONS,
  grade: RunGrade | null = null,
): Timeline {
  const last = steps.at(-1);
  const graded = grade && last?.kind === 'answer' ? last.index : null;
  const marks = timelineMarks(steps, path, transitions);
  const trips = marks.guards;
  const chosen = selectedSteps(steps, path, selection, transitions);
  const cells = steps.map((step, position): TimelineCell => {
    const previous = position > 0 ? steps[position - 1] : undefined;
    const verdict = grade && step.index === graded ? gradeLine(grade) : null;
    return new Cell(
      step,
      trips.get(step.index) ?? null,
      verdict,
      verdict !== null && grade?.correct === false,
      chosen.has(step.index),
      previous !== undefined && previous.attempt !== step.attempt,
    );
  });
  return { cells, ...marks, selectedCount: chosen.size };
}
