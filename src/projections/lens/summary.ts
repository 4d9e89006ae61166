/**
 * The lens's summary: the first point a guard would have stopped the loop, and what the recorded
 * run cost after it (model calls, tool calls, tokens, the model calls' time). Pure.
 */
import { GUARDS, type Step } from '../../engine';
import { guardOf } from './walk';
import { costText, count } from './words';
import type { LensCost, LensMark, LensMarkKind, LensStop, LensSummary } from './types';

/** A tool the executor ran (a blocked repeat is a copy, an escalated call never ran). */
const ranTool = (step: Step) =>
  step.kind === 'action' && step.observation !== null && step.observation.repeatOf === undefined;

/**
 * Pure: what the steps cost from `modelFrom` on (model calls, tokens, time) and from `toolFrom`
 * on (tool runs): a duplicate escalation still made its step's model call but not its tool call.
 */
export function costFrom(
  steps: readonly Step[],
  modelFrom: number,
  toolFrom = modelFrom,
): LensCost {
  let modelCalls = 0;
  let toolCalls = 0;
  let tokens = 0;
  let latencyMs = 0;
  for (const step of steps) {
    if (step.index >= modelFrom && step.modelCall) {
      modelCalls += 1;
      tokens += step.modelCall.usage.promptTokens + step.modelCall.usage.completionTokens;
      latencyMs += step.modelCall.latencyMs;
    }
    if (step.index >= toolFrom && ranTool(step)) toolCalls += 1;
  }
  return { modelCalls, toolCalls, tokens, latencyMs };
}

/** The first step whose model call, and whose tool call, the stop would have saved. */
function savedFrom(mark: LensMark): { model: number; tool: number } {
  // The budget stops before its step's call; a duplicate escalates after its model call.
  if (mark.kind === 'budget') return { model: mark.step, tool: mark.step };
  if (mark.kind === 'duplicate') return { model: mark.step + 1, tool: mark.step };
  return { model: mark.step + 1, tool: mark.step + 1 };
}

const KINDS: readonly LensMarkKind[] = [
  'duplicate',
  'empty',
  'stall',
  'reflect',
  'fabrication',
  'budget',
];

const NOUNS: Record<LensMarkKind, [string, string]> = {
  duplicate: ['repeated call', 'repeated calls'],
  empty: ['empty observation', 'empty observations'],
  stall: ['stall exit', 'stall exits'],
  reflect: ['reflection', 'reflections'],
  fabrication: ['unbacked answer', 'unbacked answers'],
  budget: ['budget stop', 'budget stops'],
};

/** Pure: "3 repeated calls, 5 empty observations" (kinds with no mark left out). */
export function countsText(counts: Readonly<Record<LensMarkKind, number>>): string {
  return KINDS.filter((kind) => counts[kind] > 0)
    .map((kind) => `${count(counts[kind])} ${NOUNS[kind][counts[kind] === 1 ? 0 : 1]}`)
    .join(', ');
}

/** Pure: the summary of a trace's marks (ascending by step). */
export function summarise(steps: readonly Step[], marks: readonly LensMark[]): LensSummary {
  const counts = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<LensMarkKind, number>;
  for (const mark of marks) counts[mark.kind] += 1;
  const total = costFrom(steps, 0);
  const first = marks.find((mark) => mark.stops);
  const guard = first ? guardOf(first) : null;
  let stop: LensStop | null = null;
  let text = 'No guard would have stopped this run under these settings.';
  if (first && guard) {
    const saved = savedFrom(first);
    stop = { mark: first, guard, after: costFrom(steps, saved.model, saved.tool) };
    const where = first.kind === 'budget' ? `before step ${first.step}` : `at step ${first.step}`;
    const name = GUARDS[guard].name;
    text = `The ${name} would have stopped this run ${where}: ${costText(stop.after)} after it.`;
  }
  return { stop, total, text, counts };
}
