/** Turning zod issues into one ScenarioError: generic wording, document order, the first problem. */
import type { z } from 'zod';
import { ScenarioError, type PathSegment, expectation, formatPath, oneOf, valueAt } from './errors';

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  nonoptional: 'a value (any JSON)',
};

/**
 * zod error map for issues the schema does not word itself: `expected <what>, got <value>`.
 * Returns undefined (zod's own wording) for codes the scenario schema does not produce.
 */
export const scenarioErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return expectation(TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`, issue.input);
    case 'invalid_value':
      return expectation(oneOf(issue.values), issue.input);
    default:
      return undefined;
  }
};

/** Position of a key among its parent's keys as written; numbers are array indexes. */
function rank(parent: unknown, segment: PathSegment): number {
  if (typeof segment === 'number') return segment;
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return Infinity;
  const index = Object.keys(parent).indexOf(String(segment));
  return index < 0 ? Infinity : index; // a missing key counts as the end of its object
}

/**
 * Pure: orders two issue paths by where they sit in the document `root` (key order as written,
 * then array index); an ancestor comes before its descendants. Ties keep zod's order (0).
 */
export function compareDocumentOrder(
  root: unknown,
  a: readonly PathSegment[],
  b: readonly PathSegment[],
): number {
  let node = root;
  const shared = Math.min(a.length, b.length);
  for (let depth = 0; depth < shared; depth++) {
    const left = a[depth] as PathSegment;
    const right = b[depth] as PathSegment;
    if (left !== right) {
      const difference = rank(node, left) - rank(node, right);
      return Number.isNaN(difference) ? 0 : difference;
    }
    node = valueAt(node, [left]);
  }
  return a.length - b.length;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * Pure: the issue that comes first in the document `input`, as its JSON path (`$.a[0].b`) and a
 * one-line message; null when there is none. Scenarios, traces and configs report through it.
 */
export function firstIssue(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): { readonly path: string; readonly message: string } | null {
  const ordered = [...issues].sort((a, b) => compareDocumentOrder(input, a.path, b.path));
  const first = ordered[0];
  return first ? { path: formatPath(first.path), message: oneLine(first.message) } : null;
}

/** Pure: the ScenarioError for the issue that comes first in the document `input`. */
export function firstProblem(issues: readonly z.core.$ZodIssue[], input: unknown): ScenarioError {
  const first = firstIssue(issues, input);
  if (!first) return new ScenarioError('invalid_scenario', '$', 'not a valid scenario');
  return new ScenarioError('invalid_scenario', first.path, first.message);
}
