/** The loop's state: what `step()` reads and returns. Plain data plus append-only logs. */
import type { LoopConfig } from '../config';
import type { PhaseId } from '../machine';
import type { ReflectionEntry } from '../attempts';
import type { Scenario } from '../scenario/types';
import type { CallPurpose } from '../trace/events';
import type {
  Escalation,
  Metrics,
  ModelCallRecord,
  RunError,
  StopReason,
  Trigger,
} from '../trace/types';
import type { Message, ReflectionParts, ToolCall } from '../types';
import { AppendLog } from '../util/append-log';
import { History } from './history';

/** Per-attempt counters the gate and the guards read. */
export interface Counters {
  readonly actionSteps: number;
  readonly reflections: number;
  readonly actionStepsSinceReflection: number;
  readonly consecutiveEmpty: number;
  readonly duplicateBlockedSinceReflection: boolean;
  /** An unparseable reply was already answered with a reprompt (reset by a parseable one). */
  readonly reprompted: boolean;
  /** The next action call follows a reflection and opens with the "continue" nudge. */
  readonly afterReflection: boolean;
}

/** A tool call waiting for its result, with what the reply said around it. */
export interface PendingTool {
  readonly call: ToolCall;
  /** The call id of a native tool call (`tools` protocol), else null. */
  readonly callId: string | null;
  readonly modelCall: ModelCallRecord;
  readonly thought: string | null;
  readonly reflection: ReflectionParts | null;
}

/** What the loop waits for next. */
export type Pending =
  | {
      readonly kind: 'model';
      readonly purpose: CallPurpose;
      readonly trigger: Trigger | null;
      /** For the reflection between attempts: the reward and framing of the attempt. */
      readonly reward?: number | null;
      readonly framing?: 'failure' | 'neutral';
    }
  | { readonly kind: 'tool'; readonly tool: PendingTool }
  | null;

export interface LoopState {
  readonly scenario: Scenario;
  readonly config: LoopConfig;
  readonly phase: PhaseId;
  readonly pending: Pending;
  readonly attempt: number;
  /** Index of the first step of the current attempt. */
  readonly attemptStart: number;
  /** Every conversation of the run; model calls refer to prefixes of them. */
  readonly conversations: readonly AppendLog<Message>[];
  /** The conversation of the current attempt (an index into `conversations`). */
  readonly attemptConversation: number;
  /** The conversation the pending model call sends. */
  readonly callConversation: number;
  readonly history: History;
  readonly path: AppendLog<{ readonly transition: string; readonly step: number | null }>;
  readonly counters: Counters;
  readonly metrics: Metrics;
  readonly stopReason: StopReason | null;
  readonly escalation: Escalation | null;
  readonly error: RunError | null;
  readonly answer: string | null;
  readonly priorReflections: readonly ReflectionEntry[];
  readonly runReflections: readonly ReflectionEntry[];
  /** The run is over: no effect will produce another input. */
  readonly done: boolean;
  /**
   * The state as it was when `gathering` last began, before the budget check and the reflection
   * gate decided: a fork re-decides from here under its own config. Null elsewhere.
   */
  readonly beforeGate: LoopState | null;
  /** Set when this run was forked from a recorded run: the step it continued live from. */
  readonly forkedFrom: { readonly step: number } | null;
}

export const FRESH_COUNTERS: Counters = {
  actionSteps: 0,
  reflections: 0,
  actionStepsSinceReflection: 0,
  consecutiveEmpty: 0,
  duplicateBlockedSinceReflection: false,
  reprompted: false,
  afterReflection: false,
};

/** A run's metrics before anything happened (and a run that never started). */
export const ZERO_METRICS: Metrics = {
  llmCalls: 0,
  reflections: 0,
  toolCalls: 0,
  emptyToolCalls: 0,
  duplicateToolHits: 0,
  fabricationHits: 0,
  promptTokens: 0,
  completionTokens: 0,
  attempts: 0,
  latencyMs: 0,
};

/** Pure: the state before `run-start`. */
export function initialState(scenario: Scenario, config: LoopConfig): LoopState {
  return {
    scenario,
    config,
    phase: 'gathering',
    pending: null,
    attempt: 0,
    attemptStart: 0,
    conversations: [],
    attemptConversation: -1,
    callConversation: -1,
    history: History.empty(),
    path: AppendLog.empty(),
    counters: FRESH_COUNTERS,
    metrics: ZERO_METRICS,
    stopReason: null,
    escalation: null,
    error: null,
    answer: null,
    priorReflections: [],
    runReflections: [],
    done: false,
    beforeGate: null,
    forkedFrom: null,
  };
}
