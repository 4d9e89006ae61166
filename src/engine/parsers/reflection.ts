/** Reflections: the three labelled parts, and the reply of a separate reflection phase. */
import { modelJsonProblem } from '../files/json-scan';
import type { ReflectionParts } from '../types';
import { findObjectEnd, isRecord } from './literals';

/**
 * A part label, English or German, case-insensitive, optionally bulleted, numbered or bold:
 * `Current state:`, `2. Letzte Entdeckung:`, `- **Goal relation**:`. The lookbehind keeps a label
 * from starting inside a word, a number or a run of `*` (and the scan linear).
 */
const PART_RE =
  /(?<![a-z\u00c0-\u024f\d*])(?:[-*\u2022][ \t]*)?(?:\d+[.)][ \t]*)?\**(current[ \t-]*state|last[ \t-]*discovery|goal[ \t-]*relation|aktueller[ \t-]*zustand|letzte[ \t-]*entdeckung|ziel[ \t-]*relation)\**[ \t]*:/gi;

type PartKey = keyof ReflectionParts;

function partOf(label: string): PartKey {
  const initial = label.charAt(0).toLowerCase();
  if (initial === 'c' || initial === 'a') return 'state';
  if (initial === 'l') return 'discovery';
  return 'goalRelation';
}

/** The labelled parts of a reflection, or null when the text holds no part label. */
export function readReflectionParts(text: string): ReflectionParts | null {
  const parts: Partial<Record<PartKey, string>> = {};
  let open: PartKey | null = null;
  let start = 0;
  let any = false;
  PART_RE.lastIndex = 0;
  for (let m = PART_RE.exec(text); m; m = PART_RE.exec(text)) {
    if (open !== null && parts[open] === undefined) parts[open] = text.slice(start, m.index).trim();
    open = partOf(m[1] ?? '');
    start = m.index + m[0].length;
    while (text[start] === '*') start++; // the closing `**` of `**Current state:**`
    any = true;
  }
  if (!any) return null;
  if (open !== null && parts[open] === undefined) parts[open] = text.slice(start).trim();
  return {
    state: parts.state ?? '',
    discovery: parts.discovery ?? '',
    goalRelation: parts.goalRelation ?? '',
  };
}

/** The parts of a reflection; unlabelled text becomes the state; null only for empty text. */
export function parseReflectionParts(text: string): ReflectionParts | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return readReflectionParts(trimmed) ?? { state: trimmed, discovery: '', goalRelation: '' };
}

/** How many `{` positions are tried as the start of the JSON object (bounds the work on odd input). */
const JSON_TRIES = 3;

/** The `thought` field of the first JSON object in the text (fenced or amid prose), if there is one. */
function jsonThought(text: string): string | null {
  let from = 0;
  for (let tries = 0; tries < JSON_TRIES; tries++) {
    const start = text.indexOf('{', from);
    if (start < 0) return null;
    const end = findObjectEnd(text, start);
    if (end < 0) return null;
    if (modelJsonProblem(text.slice(start, end))) return null;
    try {
      const value: unknown = JSON.parse(text.slice(start, end));
      if (isRecord(value) && typeof value['thought'] === 'string') return value['thought'].trim();
      from = end; // JSON, but without a thought: look past it
    } catch {
      from = start + 1; // not JSON: try the next `{`
    }
  }
  return null;
}

/** The reflection-phase reply's thought (JSON `{"thought": …}` field, else the whole trimmed text) and its parts. */
export function parseReflectionPhase(text: string): {
  readonly thought: string;
  readonly reflection: ReflectionParts | null;
} {
  const trimmed = text.trim();
  const thought = jsonThought(trimmed) ?? trimmed;
  return { thought, reflection: readReflectionParts(thought) };
}
