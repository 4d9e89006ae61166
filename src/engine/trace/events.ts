/**
 * The run's event stream: noun-verb names with start / delta / end, as the Vercel AI SDK names
 * them. The step function emits decision events; the runner emits the I/O ones (model calls,
 * tool runs, streaming deltas). docs/events.md maps each to the LLARS event it corresponds to.
 */
import type { LoopConfig } from '../config';
import type { PhaseId } from '../machine';
import type { Message, ReflectionParts, ToolCall, Usage } from '../types';
import type { AppendLog } from '../util/append-log';
import type { Guard, Metrics, Observation, Step, StopReason, Trigger } from './types';

export type CallPurpose =
  | 'action'
  | 'reflection'
  | 'early-answer'
  | 'attempt-reflection'
  /** The model judge scoring a finished attempt (reward source `judge`). */
  | 'attempt-judge';

export type LoopEvent =
  | { readonly type: 'run-start'; readonly scenario: string; readonly config: LoopConfig }
  | { readonly type: 'attempt-start'; readonly attempt: number }
  | {
      readonly type: 'phase-enter';
      readonly phase: PhaseId;
      readonly transition: string;
      readonly step: number | null;
    }
  | {
      readonly type: 'step-start';
      readonly step: number;
      readonly attempt: number;
      readonly phase: PhaseId;
    }
  | {
      readonly type: 'model-call-start';
      readonly step: number;
      readonly purpose: CallPurpose;
      readonly conversation: number;
      readonly contextLength: number;
      /** The exact context the call sends: a view of its conversation (O(1); `toArray()` copies). */
      readonly context: AppendLog<Message>;
      /** A fork's replayed prefix: the call was answered from the recording, not sent. */
      readonly replayed?: true;
    }
  | { readonly type: 'model-call-delta'; readonly step: number; readonly text: string }
  | { readonly type: 'model-call-reasoning-delta'; readonly step: number; readonly text: string }
  | {
      readonly type: 'model-call-retry';
      readonly step: number;
      readonly attempt: number;
      readonly waitMs: number;
      readonly reason: string;
    }
  | {
      readonly type: 'model-call-end';
      readonly step: number;
      readonly text: string;
      readonly usage: Usage;
      readonly latencyMs: number;
      readonly ttftMs: number | null;
    }
  | { readonly type: 'reflection-start'; readonly step: number; readonly trigger: Trigger }
  | {
      readonly type: 'reflection-end';
      readonly step: number;
      readonly thought: string;
      readonly reflection: ReflectionParts | null;
    }
  | { readonly type: 'tool-run-start'; readonly step: number; readonly call: ToolCall }
  | { readonly type: 'tool-run-end'; readonly step: number; readonly observation: Observation }
  | {
      readonly type: 'guard-trip';
      readonly step: number | null;
      readonly guard: Guard;
      /** What the guard did: stop the attempt, block the call, ask again, or only count it. */
      readonly outcome: 'escalate' | 'block' | 'reprompt' | 'stop' | 'count';
      readonly detail: string;
    }
  | {
      readonly type: 'early-answer-start';
      readonly step: number;
      readonly reason: 'high_confidence';
      readonly confidence: { readonly top: number; readonly mean: number; readonly count: number };
    }
  | { readonly type: 'answer-end'; readonly step: number; readonly answer: string }
  | { readonly type: 'step-end'; readonly step: Step; readonly metrics: Metrics }
  | {
      readonly type: 'attempt-end';
      readonly attempt: number;
      readonly stopReason: StopReason;
      readonly reward: number | null;
      /** True when a reflection on this attempt follows and another attempt runs. */
      readonly retry: boolean;
    }
  | { readonly type: 'run-end'; readonly stopReason: StopReason; readonly metrics: Metrics };

export type LoopEventType = LoopEvent['type'];
