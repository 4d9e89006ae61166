/** Pure helpers: the words a step row shows. No React, so the inspector can reuse them. */
import type { LoopEvent, Observation, ReflectionParts, Step, ToolCall } from '../../engine';

/** `tool {"arg":"value"}`, the way the CLI prints a call. */
export function formatCall(call: ToolCall): string {
  return `${call.tool} ${JSON.stringify(call.args)}`;
}

export type ObservationTag = 'ok' | 'empty' | 'repeat' | 'error';

/** How an observation reads at a glance. */
export function observationTag(observation: Observation): ObservationTag {
  if (observation.repeatOf !== undefined) return 'repeat';
  if (!observation.ok) return 'error';
  return observation.empty ? 'empty' : 'ok';
}

/** A reflection's text: ReflAct's three parts when present, else the plain thought. */
export function reflectionLines(
  reflection: ReflectionParts | null,
  fallback: string | null,
): string[] {
  if (!reflection) return fallback ? [fallback] : [];
  const parts = [reflection.state, reflection.discovery, reflection.goalRelation];
  return parts.filter((part) => part.trim() !== '');
}

/** What the model was thinking when it chose this step (ReAct thought or ReflAct state). */
export function stepThought(step: Step): string | null {
  return step.thought ?? (step.reflection?.state || null);
}

/** Guard details by step index, from the run's `guard-trip` events (steps record only the guard). */
export function guardDetails(events: readonly LoopEvent[]): ReadonlyMap<number, string> {
  const details = new Map<number, string>();
  for (const event of events) {
    if (event.type === 'guard-trip' && event.step !== null) details.set(event.step, event.detail);
  }
  return details;
}

/** The observation's result as indented JSON for the detail pane. */
export function observationJson(observation: Observation): string {
  return JSON.stringify(observation.result, null, 2) ?? 'undefined';
}
