/** Reading tool results: emptiness, evidence fields, and retrieval confidence (the LLARS rule). */
import { deepEqual } from './json';

const hasOwn = Object.prototype.hasOwnProperty;

/** Pure: null/undefined, `[]`, an object without own keys and a blank string are empty; all else is not. */
export function isEmptyResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (typeof result === 'string') return result.trim() === '';
  if (Array.isArray(result)) return result.length === 0;
  if (typeof result === 'object') return Object.keys(result).length === 0;
  return false;
}

/**
 * Pure: true when some object at any depth of `result` (arrays and objects are searched) has an own
 * `field` whose value deep-equals `equals` (strings compared exactly, no coercion).
 */
export function holdsField(result: unknown, field: string, equals: unknown): boolean {
  if (result === null || typeof result !== 'object') return false;
  if (Array.isArray(result)) {
    for (const item of result) if (holdsField(item, field, equals)) return true;
    return false;
  }
  const record = result as Record<string, unknown>;
  if (hasOwn.call(record, field) && deepEqual(record[field], equals)) return true;
  for (const key of Object.keys(record)) {
    if (holdsField(record[key], field, equals)) return true;
  }
  return false;
}

/** A retrieved source as corpus search returns it: anything with a numeric relevance score. */
export interface ScoredSource {
  readonly score: number;
}

/** Top score, mean score and number of sources of one retrieval result. */
export interface RetrievalConfidence {
  readonly top: number;
  readonly mean: number;
  readonly count: number;
}

function isScoredSource(item: unknown): item is ScoredSource {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const score = (item as { score?: unknown }).score;
  return typeof score === 'number' && Number.isFinite(score);
}

/**
 * Pure: confidence figures for a non-empty array whose every item is an object with a finite
 * numeric `score`; null for anything else (including `[]`).
 */
export function retrievalConfidence(result: unknown): RetrievalConfidence | null {
  if (!Array.isArray(result) || result.length === 0) return null;
  let top = -Infinity;
  let sum = 0;
  for (const item of result) {
    if (!isScoredSource(item)) return null;
    if (item.score > top) top = item.score;
    sum += item.score;
  }
  return { top, mean: sum / result.length, count: result.length };
}

/** Pure: the LLARS rule: the top source scores above 0.75, or at least 3 sources average above 0.6. */
export function isHighConfidence(confidence: RetrievalConfidence): boolean {
  return confidence.top > 0.75 || (confidence.mean > 0.6 && confidence.count >= 3);
}
