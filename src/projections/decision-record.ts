/**
 * The decision record of one step as the inspector shows it: what the model chose, which guard
 * decided (with the detail the step itself does not keep), the evidence it cites, what the tool
 * returned, and the model's own text split into its parts. Pure: no React.
 */
import { memoryChars } from './attempt-memory';
import type {
  Escalation,
  Guard,
  Intent,
  LoopConfig,
  Message,
  Observation,
  PhaseId,
  Step,
  StepKind,
  Trigger,
} from '../engine';
import type { GuardTrip } from './decision-record-trips';
import {
  compactValue,
  observationTag,
  scratchpadParts,
  summariseObservation,
  type ObservationTag,
  type ScratchpadPart,
} from './decision-record-text';

export {
  GUARD_LABEL,
  createGuardTripReader,
  runConfig,
  type EventList,
  type GuardTrip,
} from './decision-record-trips';
export {
  actionLine,
  clip,
  observationTag,
  previewValue,
  scratchpadParts,
  summariseObservation,
  type ObservationTag,
  type ScratchpadLabel,
  type ScratchpadPart,
} from './decision-record-text';

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
  /**
   * Characters of reflection memory the step's prompt carried (see `stepMemoryChars`); null when
   * there is nothing to say (no call, or 0 in a run without attempts).
   */
  readonly memoryChars: number | null;
}

/** What `buildDecisionRecord` reads besides the steps. */
export interface DecisionRecordInput {
  readonly steps: readonly Step[];
  readonly index: number;
  readonly trips?: readonly GuardTrip[];
  readonly escalation?: Escalation | null;
  readonly config?: LoopConfig | null;
  /** The run's conversations: the step's context, for the memory it carried. */
  readonly conversations?: readonly (readonly Message[])[];
}

/**
 * Pure: the characters of memory step `index`'s prompt carried, to show: the count when there
 * was memory; 0 only when the run may take several attempts; else null (nothing to say).
 */
export function stepMemoryChars(
  steps: readonly Step[],
  index: number,
  conversations: readonly (readonly Message[])[],
  config: Pick<LoopConfig, 'attempts'> | null,
): number | null {
  const chars = memoryChars(steps[index], conversations);
  if (chars === null) return null;
  return chars > 0 || (config?.attempts ?? 1) > 1 ? chars : null;
}

function evidenceLink(steps: readonly Step[], index: number): EvidenceLink {
  const cited = steps[index];
  return {
    step: index,
    tool: cited?.decision.action?.tool ?? null,
    summary: summariseObservation(cited?.observation ?? null),
  };
}

function argumentRows(args: Readonly<Record<string, unknown>>): ArgumentRow[] {
  return Object.entries(args).map(([key, value]) => ({ key, value: compactValue(value) }));
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
  const { conversations = [] } = input;
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
    memoryChars: stepMemoryChars(steps, index, conversations, config),
  };
}
