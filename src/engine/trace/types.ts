/** Trace v1 and its decision records: what a run recorded. See docs/headless-contract.md. */
import type { LoopConfig } from '../config';
import type { PhaseId } from '../machine';
import type { Message, ReflectionParts, ToolCall, Usage } from '../types';

export type StopReason = 'answer' | 'escalate' | 'max_steps' | 'stalled' | 'error' | 'cancelled';
export type EscalationReason = 'duplicate_tool_call' | 'fabrication' | 'unparseable' | 'model';
export type StepKind =
  | 'action'
  | 'reflection'
  | 'answer'
  | 'escalate'
  | 'attempt_reflection'
  /** Extension: an unparseable reply that was answered with one more request. */
  | 'reprompt'
  /** Extension: the model judge scoring a finished attempt (reward source `judge`). */
  | 'judge';
/** Why a reflection gate opened (or, extension, why an early answer was asked for). */
export type Trigger = 'cadence' | 'stall' | 'duplicate' | 'high_confidence';
export type Intent = 'tool' | 'answer' | 'escalate' | 'reflect' | 'reprompt';
export type Guard =
  'duplicate_tool_call' | 'fabrication' | 'unparseable' | 'max_steps' | 'stall_exit';

export interface PolicyOutcome {
  readonly outcome: 'allowed' | 'denied';
  readonly reason: Guard | null;
}

export interface DecisionRecord {
  readonly intent: Intent;
  readonly action: ToolCall | null;
  /** Indexes of the steps whose observations back this decision. */
  readonly evidenceRefs: readonly number[];
  readonly policy: PolicyOutcome;
  /** Always 0: prose is not a calibrated score. */
  readonly confidence: 0;
}

export interface Observation {
  readonly ok: boolean;
  readonly result: unknown;
  readonly empty: boolean;
  /** Extension: set when a blocked duplicate was answered with the observation of this step. */
  readonly repeatOf?: number;
}

/** Where a call's context lives: the first `length` messages of conversation `conversation`. */
export interface ContextRef {
  readonly conversation: number;
  readonly length: number;
}

export interface ModelCallRecord {
  readonly context: ContextRef;
  readonly text: string;
  readonly usage: Usage;
  /** Extension: true when usage was counted locally rather than reported by the model. */
  readonly usageEstimated: boolean;
  readonly latencyMs: number;
  /** Extension: time from the request to the first text, reasoning or tool-call delta (null if none). */
  readonly ttftMs: number | null;
  /** Extension: reasoning text the model streamed apart from its answer (llama.cpp, vLLM), or null. */
  readonly reasoning: string | null;
  /** Extension: the native tool call of the reply (`tools` protocol), or null; a fork replays it. */
  readonly toolCall: {
    readonly id: string;
    readonly name: string;
    readonly arguments: string;
  } | null;
}

export interface Step {
  readonly index: number;
  readonly attempt: number;
  readonly phase: PhaseId;
  readonly kind: StepKind;
  readonly trigger: Trigger | null;
  readonly modelCall: ModelCallRecord | null;
  readonly reflection: ReflectionParts | null;
  readonly decision: DecisionRecord;
  readonly observation: Observation | null;
  readonly reward: number | null;
  readonly framing: 'failure' | 'neutral' | null;
  /** Extension: the ReAct Thought of the reply, when it had one. */
  readonly thought: string | null;
  /** Extension: the answer text of an answer step (or of an answer a guard withheld). */
  readonly answer: string | null;
  /** Extension, on `judge` steps only: the judge's score, its reason, or why it gave none. */
  readonly judge?: JudgeRecord;
}

/** What the model judge said of an attempt: a score from 0 to 1, or a problem (reward unknown). */
export interface JudgeRecord {
  readonly score: number | null;
  readonly reason: string | null;
  /** Why there is no score (the call failed, the reply held none), else null. */
  readonly problem: string | null;
}

export interface Escalation {
  readonly reason: EscalationReason;
  readonly detail: string;
}

export interface RunError {
  readonly code: string;
  readonly message: string;
}

export interface Metrics {
  llmCalls: number;
  reflections: number;
  toolCalls: number;
  emptyToolCalls: number;
  duplicateToolHits: number;
  fabricationHits: number;
  promptTokens: number;
  completionTokens: number;
  attempts: number;
  /** Extension: the time model calls took, in ms (simulated time on a virtual clock). */
  latencyMs: number;
}

/** The in-memory trace: conversations are stored once and model calls refer to prefixes. */
export interface Trace {
  readonly format: 'loopscope.trace';
  readonly version: 1;
  readonly scenario: string;
  readonly config: LoopConfig;
  readonly stopReason: StopReason;
  readonly escalation: Escalation | null;
  readonly error: RunError | null;
  readonly answer: string | null;
  readonly steps: readonly Step[];
  readonly metrics: Metrics;
  /** Extension: every machine transition the run took, with the step that took it. */
  readonly path: readonly PathEntry[];
  /** Extension: set when the run was forked from a recorded run: the step it went on live from. */
  readonly forkedFrom: { readonly step: number } | null;
  readonly conversations: readonly (readonly Message[])[];
}

export interface PathEntry {
  readonly transition: string;
  /** The step that took the transition; null for a budget stop, a model error or a cancel. */
  readonly step: number | null;
}
