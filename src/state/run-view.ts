/**
 * One fold from a run's events to what a view shows of it: the steps, the transitions taken, the
 * exact messages each conversation's calls sent, the streaming text, the live call and phase,
 * the metrics. The live run and the finished one read the same fold (nothing is overwritten from
 * the trace at the end); a recorded run opened from a trace starts from `viewOfTrace`. Pure.
 */
import {
  AppendLog,
  TRANSITIONS,
  type LoopEvent,
  type Message,
  type Metrics,
  type PathEntry,
  type PhaseId,
  type Step,
  type Trace,
} from '../engine';
import type { StreamingCall } from './run-store-types';

export interface RunView {
  /** Every event of the run but the streaming deltas, in order (appended at O(1) each). */
  readonly events: AppendLog<LoopEvent>;
  /** The steps recorded so far (`step-end` events). */
  readonly steps: readonly Step[];
  /** Every machine transition taken so far (`phase-enter` events), as the trace's `path`. */
  readonly path: readonly PathEntry[];
  /** The messages of each conversation as its calls sent them (the longest context seen). */
  readonly conversations: readonly (readonly Message[])[];
  /** The text the current (or last) model call has streamed so far. */
  readonly streamingText: string;
  readonly liveCall: StreamingCall | null;
  readonly phase: PhaseId | null;
  /** Null until the run ends: the engine reports metrics with `run-end`. */
  readonly metrics: Metrics | null;
}

export const EMPTY_VIEW: RunView = {
  events: AppendLog.empty(),
  steps: [],
  path: [],
  conversations: [],
  streamingText: '',
  liveCall: null,
  phase: null,
  metrics: null,
};

/** Pure: the fields of `view` that one more event changes. */
export function foldRunEvent(view: RunView, event: LoopEvent): Partial<RunView> {
  // Streaming deltas only grow `streamingText`; they stay out of `events`.
  if (event.type === 'model-call-delta') return { streamingText: view.streamingText + event.text };
  if (event.type === 'model-call-reasoning-delta') return {};
  const events = view.events.append(event);
  switch (event.type) {
    case 'phase-enter':
      return {
        events,
        phase: event.phase,
        path: [...view.path, { transition: event.transition, step: event.step }],
      };
    case 'model-call-start': {
      const known = view.conversations[event.conversation];
      const grown = !known || known.length < event.context.length;
      const conversations = grown ? view.conversations.slice() : view.conversations;
      if (grown) (conversations as Message[][])[event.conversation] = event.context.toArray();
      // A fork's replayed call was answered from the record: nothing streams for it.
      if (event.replayed) return { events, conversations };
      return {
        events,
        conversations,
        streamingText: '',
        liveCall: {
          number: (view.liveCall?.number ?? 0) + 1,
          step: event.step,
          purpose: event.purpose,
        },
      };
    }
    case 'step-end':
      return { events, steps: [...view.steps, event.step] };
    case 'run-end':
      return { events, metrics: event.metrics };
    default:
      return { events };
  }
}

/** Pure: the fields of `view` that several more events change, folded in order. */
export function foldRunEvents(view: RunView, events: readonly LoopEvent[]): Partial<RunView> {
  let folded = view;
  const changes: Partial<RunView> = {};
  for (const event of events) {
    const change = foldRunEvent(folded, event);
    folded = { ...folded, ...change };
    Object.assign(changes, change);
  }
  return changes;
}

/** Pure: the view of a finished trace (a recorded run: no events, nothing streaming). */
export function viewOfTrace(trace: Trace): RunView {
  const last = trace.path.at(-1);
  const phase = TRANSITIONS.find((spec) => spec.id === last?.transition)?.to ?? null;
  return {
    ...EMPTY_VIEW,
    steps: trace.steps,
    path: trace.path,
    conversations: trace.conversations,
    metrics: trace.metrics,
    phase,
  };
}
