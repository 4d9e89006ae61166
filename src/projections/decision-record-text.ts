/**
 * The decision record's words for what a step held: the model's text split into its parts (a
 * scratchpad, not evidence) and one-line summaries of observations and values. Pure: no React.
 */
import type { Observation, Step } from '../engine';

/** The name of one part of the model's text. */
export type ScratchpadLabel =
  | 'Reasoning'
  | 'Thought'
  | 'Reflection'
  | 'Current state'
  | 'Last discovery'
  | 'Goal relation'
  | 'Action'
  | 'Final answer'
  /** The answer a guard withheld. */
  | 'Withheld answer'
  /** The model judge's score and reason (or why it gave none). */
  | 'Judge'
  | 'Reply';

/** One part of the model's text; answers read as markdown, everything else as plain text. */
export interface ScratchpadPart {
  readonly label: ScratchpadLabel;
  readonly text: string;
  readonly markdown: boolean;
}

/** How an observation reads at a glance: new evidence, empty, a blocked repeat, a tool error. */
export type ObservationTag = 'ok' | 'empty' | 'repeat' | 'error';

/** Pure: the text cut to `max` characters, with an ellipsis when it was longer. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A value as text: strings as they are, anything else as JSON. */
export function compactValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** Pure: how an observation reads at a glance. */
export function observationTag(observation: Observation): ObservationTag {
  if (observation.repeatOf !== undefined) return 'repeat';
  if (!observation.ok) return 'error';
  return observation.empty ? 'empty' : 'ok';
}

/** Pure: a value in a few words: objects as `key: value` pairs, nested containers as their size. */
export function previewValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) =>
        inner !== null && typeof inner === 'object'
          ? `${key}: ${previewValue(inner)}`
          : `${key}: ${String(inner)}`,
      )
      .join(' · ');
  }
  return String(value);
}

/** Pure: one line on what an observation held ("2 items · id: log-77 · …", "error: …", "empty"). */
export function summariseObservation(observation: Observation | null): string {
  if (!observation) return 'no observation';
  const { result } = observation;
  if (!observation.ok) return `error: ${clip(previewValue(result), 80)}`;
  if (Array.isArray(result)) {
    if (result.length === 0) return 'empty list';
    const count = `${result.length} item${result.length === 1 ? '' : 's'}`;
    return clip(`${count} · ${previewValue(result[0])}`, 96);
  }
  if (
    result === null ||
    result === '' ||
    (typeof result === 'object' && !Object.keys(result).length)
  )
    return 'empty';
  return clip(previewValue(result), 96);
}

/** Labels of the text protocol; a label never starts inside a word (as the engine's parser reads them). */
const LABEL_RE =
  /(?<![a-z*])\**(thought|reflection|action|final[ \t_]*answer|observation|goal)(?:[ \t]*\d+)?\**[ \t]*:\**/gi;

/** Pure: the text after the reply's first `Action:` label, up to the next label; null when none. */
export function actionLine(text: string): string | null {
  LABEL_RE.lastIndex = 0;
  for (let m = LABEL_RE.exec(text); m; m = LABEL_RE.exec(text)) {
    if ((m[1] ?? '').toLowerCase() !== 'action') continue;
    const start = m.index + m[0].length;
    LABEL_RE.lastIndex = start;
    const next = LABEL_RE.exec(text);
    const line = text.slice(start, next ? next.index : text.length).trim();
    return line || null;
  }
  return null;
}

function formatArgs(args: Readonly<Record<string, unknown>>): string {
  return Object.entries(args)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' ? JSON.stringify(value) : compactValue(value)}`,
    )
    .join(' ');
}

/** Pure: the model's text of a step split into its parts (a scratchpad, not evidence). */
export function scratchpadParts(step: Step): ScratchpadPart[] {
  const call = step.modelCall;
  const parts: ScratchpadPart[] = [];
  const add = (label: ScratchpadLabel, text: string | null | undefined, markdown = false) => {
    const trimmed = text?.trim();
    if (trimmed) parts.push({ label, text: trimmed, markdown });
  };
  add('Reasoning', call?.reasoning);
  if (step.kind === 'attempt_reflection') {
    add('Reflection', call?.text);
    return parts;
  }
  if (step.kind === 'judge') {
    const judge = step.judge;
    const score = judge?.score ?? step.reward;
    add(
      'Judge',
      score === null
        ? (judge?.problem ?? 'No score: the reward is unknown.')
        : `Score ${Number(score.toFixed(2))}${judge?.reason ? `: ${judge.reason}` : ''}`,
    );
    return parts;
  }
  const reflection = step.reflection;
  if (reflection && (reflection.discovery.trim() || reflection.goalRelation.trim())) {
    add('Current state', reflection.state);
    add('Last discovery', reflection.discovery);
    add('Goal relation', reflection.goalRelation);
  } else if (reflection) {
    add('Reflection', reflection.state);
  }
  add('Thought', step.thought);
  if (step.kind !== 'reflection') {
    const action = step.decision.action;
    const line =
      (call && actionLine(call.text)) ??
      (action ? `tool:${action.tool} ${formatArgs(action.args)}`.trim() : null);
    if (step.answer === null || step.decision.intent !== 'answer') add('Action', line);
    add(step.kind === 'escalate' ? 'Withheld answer' : 'Final answer', step.answer, true);
  }
  if (parts.length === 0) add('Reply', call?.text);
  return parts;
}
