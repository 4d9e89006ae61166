/**
 * The simulated model's policy: what it does next, given what it has seen. It follows the
 * scenario's leads, tends to try the dead ends first, perseveres on them unless something
 * redirects it (a reflection phase; ReflAct's goal-grounding; the memory of an earlier attempt),
 * and sometimes drifts: repeats itself, gives up, answers early, writes prose, or fabricates.
 */
import { canonicalJson } from '../../tools';
import type { SimulatedCall, SimulatedModelSpec } from '../../scenario/types';
import type { ToolCall } from '../../types';
import type { SimContext } from './context';
import { chance } from './random';

export type Decision =
  | { readonly kind: 'call'; readonly call: SimulatedCall; readonly repeat: boolean }
  | { readonly kind: 'answer'; readonly text: string; readonly complete: boolean }
  | { readonly kind: 'prose' };

export const DEFAULTS = { drift: 0.25, haste: 0, grounding: 0.35, onStuck: 'repeat' as const };
const GIVE_UP = 'I could not find the answer with the tools available.';

const key = (call: Pick<ToolCall, 'tool' | 'args'>) => `${call.tool} ${canonicalJson(call.args)}`;

/**
 * A ReAct tendency as the mode shapes it: ReflAct's goal-grounded reflection damps it by
 * `grounding`; ACT, with no reasoning at all, is a little worse than ReAct.
 */
export function inMode(
  tendency: number,
  spec: SimulatedModelSpec,
  mode: SimContext['mode'],
): number {
  if (mode === 'reflact') return tendency * (spec.grounding ?? DEFAULTS.grounding);
  if (mode === 'act') return Math.min(1, tendency * 1.2);
  return tendency;
}

/** Pure: the next action of the simulated model. */
export function decide(spec: SimulatedModelSpec, context: SimContext, seed: number): Decision {
  const made = new Set(context.calls.map((seen) => key(seen.call)));
  const pendingLeads = spec.leads.filter((lead) => !made.has(key(lead)));
  const deadEnds = context.remembers
    ? []
    : (spec.deadEnds ?? []).filter((dead) => !made.has(key(dead)));
  const step = context.calls.length;
  const roll = (what: string) => chance(seed, context.attempt, step, what);
  const drift = inMode(spec.drift ?? DEFAULTS.drift, spec, context.mode);
  // The memory of an earlier attempt says "follow every lead before answering": no haste then.
  const haste = context.remembers ? 0 : inMode(spec.haste ?? DEFAULTS.haste, spec, context.mode);
  const last = context.calls.at(-1);
  const failures = spec.failures ?? {};

  if ((failures.prose ?? 0) > roll('prose')) return { kind: 'prose' };
  if (last && (failures.repeat ?? 0) > roll('repeat')) return repeatOf(spec, last.call);
  if (pendingLeads.length === 0) {
    const fabricates =
      spec.fabricatedAnswer !== undefined && (failures.fabricate ?? 0) > roll('fabricate');
    return {
      kind: 'answer',
      text: fabricates ? (spec.fabricatedAnswer as string) : spec.answer,
      complete: true,
    };
  }
  const next = pendingLeads[0] as SimulatedCall;
  if (!last) return { kind: 'call', call: deadEnds[0] ?? next, repeat: false };

  if (!last.empty) {
    // On track. A multi-hop task tempts it to answer from the first finding.
    if (spec.partialAnswer && haste > roll('premature')) {
      return { kind: 'answer', text: spec.partialAnswer, complete: false };
    }
    return { kind: 'call', call: next, repeat: false };
  }
  // The last call found nothing. A reflection since then redirects it to the next real lead, and
  // so does its own judgement: by chance, or after `perseverance` empty calls in a row.
  const persevered = emptyStreak(context) >= (spec.perseverance ?? Infinity);
  if (last.reflectedAfter || persevered || drift <= roll('self-correct')) {
    return { kind: 'call', call: next, repeat: false };
  }
  const deadEnd = deadEnds[0];
  if (deadEnd) return { kind: 'call', call: deadEnd, repeat: false };
  if ((spec.onStuck ?? DEFAULTS.onStuck) === 'repeat') return repeatOf(spec, last.call);
  return { kind: 'answer', text: spec.partialAnswer ?? GIVE_UP, complete: false };
}

function emptyStreak(context: SimContext): number {
  let streak = 0;
  for (let i = context.calls.length - 1; i >= 0 && context.calls[i]?.empty; i--) streak++;
  return streak;
}

function repeatOf(spec: SimulatedModelSpec, call: ToolCall): Decision {
  const known = [...spec.leads, ...(spec.deadEnds ?? [])].find((item) => key(item) === key(call));
  return {
    kind: 'call',
    call: known ?? { ...call, thought: 'Check that again to be sure.' },
    repeat: true,
  };
}

/** Pure: what the model knows so far, as findings of the leads it followed. */
export function findings(spec: SimulatedModelSpec, context: SimContext): string[] {
  const found = new Set(context.calls.filter((seen) => !seen.empty).map((seen) => key(seen.call)));
  return spec.leads
    .filter((lead) => found.has(key(lead)))
    .map((lead) => lead.finding ?? lead.thought);
}

/** Pure: the lead the model would follow next, or null when all are followed. */
export function nextLead(spec: SimulatedModelSpec, context: SimContext): SimulatedCall | null {
  const made = new Set(context.calls.map((seen) => key(seen.call)));
  return spec.leads.find((lead) => !made.has(key(lead))) ?? null;
}
