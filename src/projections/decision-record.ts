/**
 * The decision record of one step as the inspector shows it: what the model chose, which guard
 * decided (with the detail the step itself does not keep), the evidence it cites, what the tool
 * returned, and the model's own text split into its parts. Pure: no React.
 */
import type {
  Escalation,
  Guard,
  Intent,
  LoopConfig,
  LoopEvent,
  Observation,
  PhaseId,
  Step,
  StepKind,
  Trigger,
} from '../engine';

/** A run's events as a view reads them: an array, or the run store's append-only log. */
export interface EventList {
  readonly length: number;
  at(index: number): LoopEvent | undefined;
}

/** A `guard-trip` event, placed at the step it concerns. */
export interface GuardTrip {
  readonly guard: Guard;
  readonly outcome: 'escalate' | 'block' | 'reprompt' | 'stop' | 'count';
  readonly detail: string;
  /** The step the guard judged; for a trip without one (a budget stop), the last step recorded before it. */
  readonly step: number | null;
}

/** One argument of a tool call, as text. */
export interface ArgumentRow {
  readonly key: string;
  readonly value: string;
}

/** A step a decision cites, with a one-line summary of what its observation held. */
export interface EvidenceLink {
  readonly step: number;
  readonly tool: string | null;
  readonly summary: string;
}

/** The name of one part of the model's text. */
export type ScratchpadLabel =
  | 'Reasoning'
  | 'Thought'
  | 'Reflection'
  | 'Current state'
  | 'Last discovery'
  | 'Goal relation'
  | 'Action'
  | 'Final answer'
  /** The answer a guard withheld. */
  | 'Withheld answer'
  | 'Reply';

/** One part of the model's text; answers read as markdown, everything else as plain text. */
export interface ScratchpadPart {
  readonly label: ScratchpadLabel;
  readonly text: string;
  readonly markdown: boolean;
}

/** How an observation reads at a glance: new evidence, empty, a blocked repeat, a tool error. */
export type ObservationTag = 'ok' | 'empty' | 'repeat' | 'error';

/** Everything the decision record shows for one step. */
export interface DecisionRecordView {
  readonly index: number;
  readonly attempt: number;
  readonly kind: StepKind;
  readonly phase: PhaseId;
  readonly trigger: Trigger | null;
  readonly intent: Intent;
  readonly action: { readonly tool: string; readonly args: readonly ArgumentRow[] } | null;
  readonly policy: {
    readonly outcome: 'allowed' | 'denied';
    readonly guard: Guard | null;
    /** Why the guard decided, from its `guard-trip` event or the trace's escalation. */
    readonly detail: string | null;
    /** What the guards that let an allowed decision pass checked (from the run's config). */
    readonly passed: readonly string[];
  };
  /** Guard trips at this step other than the one that decided it (a counted fabrication, a stall exit). */
  readonly otherTrips: readonly GuardTrip[];
  readonly evidence: readonly EvidenceLink[];
  /** A blocked duplicate replays this step's observation. */
  readonly repeatOf: EvidenceLink | null;
  readonly observation: Observation | null;
  readonly observationTag: ObservationTag | null;
  readonly scratchpad: readonly ScratchpadPart[];
  /** The reply exactly as the model sent it. */
  readonly rawReply: string | null;
  readonly call: {
    readonly promptTokens: number;
    readonly completionTokens: number;
    readonly estimated: boolean;
    readonly latencyMs: number;
    readonly ttftMs: number | null;
  } | null;
  /** Always 0: prose is not a calibrated score. */
  readonly confidence: 0;
  readonly reward: number | null;
  readonly framing: 'failure' | 'neutral' | null;
}

/** What `buildDecisionRecord` reads besides the steps. */
export interface DecisionRecordInput {
  readonly steps: readonly Step[];
  readonly index: number;
  readonly trips?: readonly GuardTrip[];
  readonly escalation?: Escalation | null;
  readonly config?: LoopConfig | null;
}

/** Display names of the guards. */
export const GUARD_LABEL: Readonly<Record<Guard, string>> = {
  duplicate_tool_call: 'Duplicate call guard',
  fabrication: 'Fabrication guard',
  unparseable: 'Unparseable reply',
  max_steps: 'Step budget',
  stall_exit: 'Stall exit',
};

/**
 * Creates a reader of the run's guard trips. It remembers what it read, so while events only grow
 * it reads each event once and returns the same array until a new trip arrives (a narrow selector
 * over the whole event stream).
 */
export function createGuardTripReader(): (events: EventList) => readonly GuardTrip[] {
  let source: EventList | null = null;
  let trips: readonly GuardTrip[] = [];
  let lastStep: number | null = null;
  return (events) => {
    if (events === source) return trips;
    const sameRun =
      source !== null && events.length >= source.length && events.at(0) === source.at(0);
    if (!sameRun) {
      trips = [];
      lastStep = null;
    }
    const found: GuardTrip[] = [];
    for (let i = sameRun && source ? source.length : 0; i < events.length; i++) {
      const event = events.at(i) as LoopEvent;
      if (event.type === 'step-end') lastStep = event.step.index;
      if (event.type === 'guard-trip') {
        const { guard, outcome, detail } = event;
        found.push({ guard, outcome, detail, step: event.step ?? lastStep });
      }
    }
    source = events;
    if (found.length > 0) trips = [...trips, ...found];
    return trips;
  };
}

/** Pure: the text cut to `max` characters, with an ellipsis when it was longer. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function compact(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** Pure: how an observation reads at a glance. */
export function observationTag(observation: Observation): ObservationTag {
  if (observation.repeatOf !== undefined) return 'repeat';
  if (!observation.ok) return 'error';
  return observation.empty ? 'empty' : 'ok';
}

/** Pure: a value in a few words: objects as `key: value` pairs, nested containers as their size. */
export function previewValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) =>
        inner !== null && typeof inner === 'object'
          ? `${key}: ${previewValue(inner)}`
          : `${key}: ${String(inner)}`,
      )
      .join(' · ');
  }
  return String(value);
}

/** Pure: one line on what an observation held ("2 items · id: log-77 · …", "error: …", "empty"). */
export function summariseObservation(observation: Observation | null): string {
  if (!observation) return 'no observation';
  const { result } = observation;
  if (!observation.ok) return `error: ${clip(previewValue(result), 80)}`;
  if (Array.isArray(result)) {
    if (result.length === 0) return 'empty list';
    const count = `${result.length} item${result.length === 1 ? '' : 's'}`;
    return clip(`${count} · ${previewValue(result[0])}`, 96);
  }
  if (
    result === null ||
    result === '' ||
    (typeof result === 'object' && !Object.keys(result).length)
  )
    return 'empty';
  return clip(previewValue(result), 96);
}

function evidenceLink(steps: readonly Step[], index: number): EvidenceLink {
  const cited = steps[index];
  return {
    step: index,
    tool: cited?.decision.action?.tool ?? null,
    summary: summariseObservation(cited?.observation ?? null),
  };
}

/** Labels of the text protocol; a label never starts inside a word (as the engine's parser reads them). */
const LABEL_RE =
  /(?<![a-z*])\**(thought|reflection|action|final[ \t_]*answer|observation|goal)(?:[ \t]*\d+)?\**[ \t]*:\**/gi;

/** Pure: the text after the reply's first `Action:` label, up to the next label; null when none. */
export function actionLine(text: string): string | null {
  LABEL_RE.lastIndex = 0;
  for (let m = LABEL_RE.exec(text); m; m = LABEL_RE.exec(text)) {
    if ((m[1] ?? '').toLowerCase() !== 'action') continue;
    const start = m.index + m[0].length;
    LABEL_RE.lastIndex = start;
    const next = LABEL_RE.exec(text);
    const line = text.slice(start, next ? next.index : text.length).trim();
    return line || null;
  }
  return null;
}

function formatArgs(args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' ? JSON.stringify(value) : compact(value)}`,
    )
    .join(' ');
}

/** Pure: the model's text of a step split into its parts (a scratchpad, not evidence). */
export function scratchpadParts(step: Step): ScratchpadPart[] {
  const call = step.modelCall;
  const parts: ScratchpadPart[] = [];
  const add = (label: ScratchpadLabel, text: string | null | undefined, markdown = false) => {
    const trimmed = text?.trim();
    if (trimmed) parts.push({ label, text: trimmed, markdown });
  };
  add('Reasoning', call?.reasoning);
  if (step.kind === 'attempt_reflection') {
    add('Reflection', call?.text);
    return parts;
  }
  const reflection = step.reflection;
  if (reflection && (reflection.discovery.trim() || reflection.goalRelation.trim())) {
    add('Current state', reflection.state);
    add('Last discovery', reflection.discovery);
    add('Goal relation', reflection.goalRelation);
  } else if (reflection) {
    add('Reflection', reflection.state);
  }
  add('Thought', step.thought);
  if (step.kind !== 'reflection') {
    const action = step.decision.action;
    const line =
      (call && actionLine(call.text)) ??
      (action ? `tool:${action.tool} ${formatArgs(action.args)}`.trim() : null);
    if (step.answer === null || step.decision.intent !== 'answer') add('Action', line);
    add(step.kind === 'escalate' ? 'Withheld answer' : 'Final answer', step.answer, true);
  }
  if (parts.length === 0) add('Reply', call?.text);
  return parts;
}

function argumentRows(args: Readonly<Record<string, unknown>>): ArgumentRow[] {
  return Object.entries(args).map(([key, value]) => ({ key, value: compact(value) }));
}

/** What the guards that let an allowed decision through checked, under the run's config. */
function passedChecks(
  step: Step,
  config: LoopConfig | null,
  trips: readonly GuardTrip[],
): string[] {
  if (step.decision.policy.outcome === 'denied') return [];
  if (step.decision.intent === 'reflect') return ['No guard judges a reflection.'];
  if (!config) return [];
  const checks: string[] = [];
  if (step.decision.intent === 'tool' && step.decision.action) {
    checks.push(
      config.duplicates === 'off'
        ? 'Duplicate call guard is off.'
        : 'Duplicate call guard: no earlier call with these arguments in this attempt.',
    );
  }
  if (step.decision.intent === 'answer' && step.kind === 'answer') {
    const counted = trips.some((trip) => trip.guard === 'fabrication');
    if (config.fabricationGuard) checks.push('Fabrication guard: no claim without evidence.');
    else if (!counted) checks.push('Fabrication guard is off.');
  }
  return checks;
}

/** Pure: the decision record of step `index`, or null when there is no such step. */
export function buildDecisionRecord(input: DecisionRecordInput): DecisionRecordView | null {
  const { steps, index, trips = [], escalation = null, config = null } = input;
  const step = steps[index];
  if (!step) return null;
  const { decision, observation, modelCall } = step;
  const here = trips.filter((trip) => trip.step === step.index);
  const guard = decision.policy.reason;
  const deciding = guard ? here.find((trip) => trip.guard === guard) : undefined;
  const escalated = guard !== null && step.kind === 'escalate' && escalation?.reason === guard;
  const detail = deciding?.detail ?? (escalated ? (escalation?.detail ?? null) : null);
  return {
    index: step.index,
    attempt: step.attempt,
    kind: step.kind,
    phase: step.phase,
    trigger: step.trigger,
    intent: decision.intent,
    action: decision.action
      ? { tool: decision.action.tool, args: argumentRows(decision.action.args) }
      : null,
    policy: {
      outcome: decision.policy.outcome,
      guard,
      detail,
      passed: passedChecks(step, config, here),
    },
    otherTrips: here.filter((trip) => trip !== deciding),
    evidence: decision.evidenceRefs.map((ref) => evidenceLink(steps, ref)),
    repeatOf:
      observation?.repeatOf === undefined ? null : evidenceLink(steps, observation.repeatOf),
    observation,
    observationTag: observation ? observationTag(observation) : null,
    scratchpad: scratchpadParts(step),
    rawReply: modelCall?.text ?? null,
    call: modelCall
      ? {
          promptTokens: modelCall.usage.promptTokens,
          completionTokens: modelCall.usage.completionTokens,
          estimated: modelCall.usageEstimated,
          latencyMs: modelCall.latencyMs,
          ttftMs: modelCall.ttftMs,
        }
      : null,
    confidence: 0,
    reward: step.reward,
    framing: step.framing,
  };
}

/** Pure: the run's config from its trace or, while it runs, from its `run-start` event. */
export function runConfig(events: EventList): LoopConfig | null {
  const first = events.at(0);
  return first?.type === 'run-start' ? first.config : null;
}
