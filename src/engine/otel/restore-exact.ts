/**
 * A Loopscope OTLP export read back exactly: its agent span carries the run without its steps
 * (`loopscope.run.json`, Trace JSON v2) and one span per step carries the step
 * (`loopscope.step.json`); together they are the native trace the export was written from, read by
 * the native reader. Pure; null when the spans are not a whole Loopscope export.
 */
import { TraceError } from '../trace/errors';
import { parseNativeTrace } from '../trace/native';
import type { Scenario } from '../scenario/types';
import type { Trace } from '../trace/types';
import { LOOPSCOPE } from './attributes';
import type { TreeNode } from './tree';
import { isRecord, parsedJson } from './values';

export interface ExactRestore {
  readonly trace: Trace;
  readonly scenario: Scenario | null;
}

/** Pure: the native trace a Loopscope export was written from, or null (not one, or not whole). */
export function restoreExact(nodes: readonly TreeNode[]): ExactRestore | null {
  const agent = nodes.find((node) => node.span.attributes[LOOPSCOPE.run] !== undefined);
  if (!agent) return null;
  const run = parsedJson(agent.span.attributes[LOOPSCOPE.run]);
  if (!isRecord(run)) return null;
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const node of nodes) {
    if (node.span.traceId !== agent.span.traceId) continue;
    const step = parsedJson(node.span.attributes[LOOPSCOPE.step]);
    if (isRecord(step) && typeof step['index'] === 'number' && !byIndex.has(step['index']))
      byIndex.set(step['index'], step);
  }
  const steps = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, step]) => step);
  try {
    return parseNativeTrace({ ...run, steps });
  } catch (error) {
    // Edited or cut spans: the step-by-step restore (restore.ts) reads what is there.
    if (error instanceof TraceError) return null;
    throw error;
  }
}
