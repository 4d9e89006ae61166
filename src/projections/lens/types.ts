/**
 * The guards lens's view data: where Loopscope's guards and gates would have acted on a recorded
 * trace, as marks of their own kind ("would have"), never as steps or trips of the trace.
 */
import type { EvidenceRule, Guard, LoopConfig } from '../../engine';

/** What the lens applies: the guard and gating settings, and the evidence rules if any. */
export interface LensSettings {
  readonly config: LoopConfig;
  /** The fabrication guard's rules (a scenario's `evidenceRules`); none: no answer is checked. */
  readonly evidenceRules?: readonly EvidenceRule[];
}

/** Why an observation would have counted as empty (the engine's rule, `onToolResult`). */
export type EmptyReason = 'failed' | 'nothing' | 'seen' | 'repeat';

interface MarkBase {
  /** The step the mark sits on. */
  readonly step: number;
  /** The loop would have ended the attempt here. */
  readonly stops: boolean;
  /** The mark in words, starting "would have …". */
  readonly text: string;
  /** The machine transition the loop would have taken (the phase graph draws it). */
  readonly transition: string;
}

/** A tool call that repeats an earlier call of its attempt (same fingerprint). */
export interface DuplicateMark extends MarkBase {
  readonly kind: 'duplicate';
  /** The step whose call this one repeats. */
  readonly repeats: number;
  readonly outcome: 'escalate' | 'block';
}

/** An observation that brings nothing new: failed, empty, already seen, or a blocked repeat. */
export interface EmptyMark extends MarkBase {
  readonly kind: 'empty';
  readonly reason: EmptyReason;
  /** The step that first observed the same result (`seen`, `repeat`), else null. */
  readonly seenAt: number | null;
  /** Its place in the run of consecutive empty observations (1 for the first). */
  readonly inRow: number;
  /** The first step of that run. */
  readonly runStart: number;
}

/** Where the stall exit would have ended the attempt. */
export interface StallMark extends MarkBase {
  readonly kind: 'stall';
  readonly inRow: number;
}

/** Where the reflection gate would have opened, before the step it sits on. */
export interface ReflectMark extends MarkBase {
  readonly kind: 'reflect';
  readonly gating: 'fixed' | 'adaptive';
  readonly trigger: 'cadence' | 'stall' | 'duplicate';
}

/** An answer whose claims no observation of its attempt backs. */
export interface FabricationMark extends MarkBase {
  readonly kind: 'fabrication';
  /** Each unbacked claim: `/claim/ needs field = value`. */
  readonly claims: readonly string[];
}

/** Where the step budget would have ended the attempt, before the step it sits on. */
export interface BudgetMark extends MarkBase {
  readonly kind: 'budget';
  readonly maxSteps: number;
}

export type LensMark =
  DuplicateMark | EmptyMark | StallMark | ReflectMark | FabricationMark | BudgetMark;
export type LensMarkKind = LensMark['kind'];

/** What a stretch of the recorded run cost. */
export interface LensCost {
  readonly modelCalls: number;
  readonly toolCalls: number;
  /** Prompt and completion tokens of those model calls. */
  readonly tokens: number;
  /** The model calls' latencies summed, in ms (the trace records no tool times). */
  readonly latencyMs: number;
}

/** The first point a guard would have stopped the loop, and what the run cost after it. */
export interface LensStop {
  readonly mark: LensMark;
  readonly guard: Guard;
  /** The recorded run after the stop: calls the loop would not have made. */
  readonly after: LensCost;
}

export interface LensSummary {
  readonly stop: LensStop | null;
  /** The whole recorded run. */
  readonly total: LensCost;
  /** One sentence: "The duplicate guard would have stopped this run at step 7: …". */
  readonly text: string;
  /** How many marks of each kind. */
  readonly counts: Readonly<Record<LensMarkKind, number>>;
}

export interface Lens {
  /** Ascending by step; on one step, in the order the loop would have met them. */
  readonly marks: readonly LensMark[];
  /** The marks of each step. */
  readonly byStep: ReadonlyMap<number, readonly LensMark[]>;
  /** The steps of each transition the loop would have taken (for the phase graph). */
  readonly byTransition: ReadonlyMap<string, readonly number[]>;
  readonly summary: LensSummary;
}

/** A mark before its words are written (`markText` writes them). */
export type LensMarkDraft = LensMark extends infer M
  ? M extends LensMark
    ? Omit<M, 'text'>
    : never
  : never;
