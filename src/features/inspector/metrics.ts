/** Pure: the run's metrics as chips, live while it runs. No React. */
import type { LoopEvent, Metrics, Mode, RunGrade, Step, StopReason, Trigger } from '../../engine';
import type { EventList } from '../../projections/decision-record';
import { gradeLine, gradeWords, quotedParts } from '../../projections/grade-words';
import type { RunState, RunStatus } from '../../state/run-store';
import { STOP_LABEL, TRIGGER_LABEL } from './labels';

/** The metrics so far: the run's final ones, else those the last `step-end` carried. */
export function liveMetrics(
  events: EventList | readonly LoopEvent[],
  final: Metrics | null,
): Metrics | null {
  if (final) return final;
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events.at(index);
    if (event?.type === 'step-end') return event.metrics;
  }
  return null;
}

/** Selector: the metrics so far (the same object until a step ends, so no extra renders). */
export const selectLiveMetrics = (state: RunState) => liveMetrics(state.events, state.metrics);

/** The summary of each steps array: the chips render on every change of the run's state. */
const summaries = new WeakMap<readonly Step[], string>();

/** "stall", or "2 stall, 1 cadence": what triggered the run's reflections, most frequent first. */
export function triggerSummary(steps: readonly Step[]): string {
  let summary = summaries.get(steps);
  if (summary === undefined) summaries.set(steps, (summary = countTriggers(steps)));
  return summary;
}

function countTriggers(steps: readonly Step[]): string {
  const counts = new Map<Trigger, number>();
  for (const step of steps) {
    if (step.kind === 'reflection' && step.trigger) {
      counts.set(step.trigger, (counts.get(step.trigger) ?? 0) + 1);
    }
  }
  const entries = [...counts].sort((a, b) => b[1] - a[1]);
  if (entries.length === 1) return TRIGGER_LABEL[entries[0]![0]];
  return entries.map(([trigger, count]) => `${count} ${TRIGGER_LABEL[trigger]}`).join(', ');
}

/** "0.8 s", "12 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const count = (value: number) => value.toLocaleString('en-US');

export type ChipTone = 'neutral' | 'accent' | 'good' | 'warn' | 'bad';

export interface MetricChip {
  readonly name: string;
  readonly value: string;
  readonly tone: ChipTone;
  readonly hint?: string;
}

export interface ChipInput {
  readonly metrics: Metrics | null;
  readonly status: RunStatus;
  readonly steps: readonly Step[];
  readonly stopReason: StopReason | null;
  /** The run failed before it could record a trace. */
  readonly failed: boolean;
  /** The ended run graded against its scenario's `expected`; null: nothing to grade by. */
  readonly grade?: RunGrade | null;
  /** The run's loop style: ReflAct's state reflection is part of each action call. */
  readonly mode?: Mode;
}

const STOP_TONE: Record<StopReason, ChipTone> = {
  answer: 'good',
  escalate: 'bad',
  error: 'bad',
  max_steps: 'warn',
  stalled: 'warn',
  cancelled: 'neutral',
};

/** Pure: the chips, in the order the top bar shows them. */
export function metricChips({
  metrics,
  status,
  steps,
  stopReason,
  failed,
  grade = null,
  mode,
}: ChipInput): MetricChip[] {
  const empty = status === 'running' ? '…' : '–';
  const show = (pick: (metrics: Metrics) => number) => (metrics ? count(pick(metrics)) : empty);
  const reflections = metrics?.reflections ?? 0;
  const triggers = triggerSummary(steps);
  const chips: MetricChip[] = [
    stopReason === 'error' && metrics
      ? {
          name: 'LLM calls',
          value: `${count(metrics.llmCalls)} (1 failed)`,
          tone: 'bad',
          hint: 'Model calls sent, counting the one that failed and ended the run',
        }
      : { name: 'LLM calls', value: show((m) => m.llmCalls), tone: 'neutral' },
    {
      name: 'Reflections',
      value: metrics
        ? `${count(reflections)}${triggers ? ` (${triggers})` : mode === 'reflact' ? ' phases (state reflection is in each action call)' : ''}`
        : empty,
      tone: reflections > 0 ? 'accent' : 'neutral',
      hint:
        mode === 'reflact'
          ? 'Reflection phases (a call of their own), with what triggered them. ReflAct also reflects on its state inside every action call; those are not counted here'
          : 'Reflection steps, with what triggered them',
    },
    { name: 'Tool calls', value: show((m) => m.toolCalls), tone: 'neutral' },
    {
      name: 'Empty calls',
      value: show((m) => m.emptyToolCalls),
      tone: 'neutral',
      hint: 'Tool calls that found nothing',
    },
    {
      name: 'Duplicate hits',
      value: show((m) => m.duplicateToolHits),
      tone: (metrics?.duplicateToolHits ?? 0) > 0 ? 'warn' : 'neutral',
      hint: 'Tool calls that repeated an earlier one',
    },
  ];
  if (metrics && metrics.fabricationHits > 0) {
    chips.push({ name: 'Fabrication hits', value: count(metrics.fabricationHits), tone: 'bad' });
  }
  if (metrics && metrics.attempts > 1) {
    chips.push({ name: 'Attempts', value: count(metrics.attempts), tone: 'neutral' });
  }
  chips.push(
    {
      name: 'Tokens',
      value: metrics
        ? `${count(metrics.promptTokens)} in / ${count(metrics.completionTokens)} out`
        : empty,
      tone: 'neutral',
      hint: 'Prompt tokens in, completion tokens out',
    },
    {
      // One meaning throughout: model time (the live call's own clock is in the progress line).
      name: 'Time',
      value: metrics ? formatDuration(metrics.latencyMs) : empty,
      tone: 'neutral',
      hint: 'Time spent in model calls so far: on the built-in model its simulated time, the same at every Speed; never time waiting at Step or Pause',
    },
    {
      name: 'Stop reason',
      value: stopReason ? STOP_LABEL[stopReason] : failed ? 'error' : empty,
      // An answer is good news only when nothing says it is wrong.
      tone: stopReason
        ? grade?.correct === false
          ? 'bad'
          : STOP_TONE[stopReason]
        : failed
          ? 'bad'
          : 'neutral',
    },
  );
  // The verdict leads: it is what a reader needs first, and a long one must not be cut off.
  return grade ? [gradeChip(grade), ...chips] : chips;
}

/** The verdict chip: "Answer: wrong (never mentions “5-7 business days”)". */
function gradeChip(grade: RunGrade): MetricChip {
  const { word, why } = gradeWords(grade);
  const short = grade.miss === 'missing' ? `no ${quotedParts(grade.missing)}` : why;
  return {
    name: 'Answer',
    value: short ? `${word} (${short})` : word,
    tone: grade.correct ? 'good' : 'bad',
    hint: `Graded against what the scenario expects: ${gradeLine(grade)}`,
  };
}
