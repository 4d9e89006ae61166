/** The lens in words: each mark's "would have …" line and the summary's figures. Pure. */
import type { LensCost, LensMark, LensMarkDraft } from './types';

const EMPTY_WHY = {
  failed: () => 'the tool call failed',
  nothing: () => 'it found nothing',
  seen: (at: number | null) => `already seen at step ${at}`,
  repeat: (at: number | null) => `a repeat of step ${at}`,
} as const;

/** Pure: a mark's line, starting "would have". */
export function markText(mark: LensMarkDraft | LensMark): string {
  switch (mark.kind) {
    case 'duplicate':
      return `would have ${mark.outcome === 'escalate' ? 'escalated' : 'blocked'} this call: it repeats the call of step ${mark.repeats}`;
    case 'empty':
      return `would have counted empty: ${EMPTY_WHY[mark.reason](mark.seenAt)} (${mark.inRow} in a row)`;
    case 'stall':
      return `would have stopped here (stall exit): ${mark.inRow} tool calls in a row found nothing new`;
    case 'reflect':
      return mark.gating === 'fixed'
        ? 'would have reflected before this step (fixed cadence)'
        : `would have reflected before this step (adaptive gating: ${mark.trigger === 'stall' ? 'stall' : 'duplicate blocked'})`;
    case 'fabrication':
      return `would have rejected this answer: ${mark.claims.join('; ')}`;
    case 'budget':
      return `would have stopped before this step: all ${mark.maxSteps} action steps used`;
  }
}

/** Pure: 4300 → "4,300". */
export function count(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Pure: 8200 → "8.2 s", 850 → "850 ms". */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 100 ? seconds.toFixed(1) : count(seconds)} s`;
}

const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`;

/** Pure: "5 model calls, 4 tool calls, 4,300 tokens, 8.2 s". */
export function costText(cost: LensCost): string {
  return [
    plural(cost.modelCalls, 'model call'),
    plural(cost.toolCalls, 'tool call'),
    plural(cost.tokens, 'token'),
    duration(cost.latencyMs),
  ].join(', ');
}
