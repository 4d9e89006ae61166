/** A reflection in words: why it happened (stall, cadence, duplicate) and what it concluded. */
import type { Scenario, Step } from '../../engine';
import { clip } from '../decision-record';
import { describeCall } from './tool-calls';
import type { CaptionLane } from './types';
import { QUOTE_MAX, capital, plural } from './words';

/** Pure: what a reflection concluded, in its own words where they are plain enough. */
export function reflectionConclusion(text: string, max = QUOTE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const next = /best next action:\s*(.+?)(?:\s*termination check:.*)?$/i.exec(flat);
  if (next?.[1]) {
    const action = next[1];
    const because = /,?\s*because\s+(.+)$/i.exec(action);
    if (because?.[1]) return capital(clip(because[1], max));
    return clip(`Best next action: ${action}`, max);
  }
  return clip(flat, max);
}

/** The action steps just before `index` in its attempt that found nothing, nearest first. */
function emptyRunBefore(steps: readonly Step[], index: number): Step[] {
  const found: Step[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i];
    if (!step || step.attempt !== steps[index]?.attempt) break;
    if (step.kind === 'reflection') continue;
    if (step.kind !== 'action') break;
    const observation = step.observation;
    if (!observation || !(observation.empty || !observation.ok)) break;
    found.push(step);
  }
  return found;
}

function lastAction(steps: readonly Step[], index: number): Step | null {
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i];
    if (step?.kind === 'action') return step;
  }
  return null;
}

/** Pure: why a reflection step happened ("because its last log search found nothing new"), or null. */
export function reflectionWhy(scenario: Scenario, lane: CaptionLane, step: Step): string | null {
  const { steps, config } = lane.trace;
  switch (step.trigger) {
    case 'stall': {
      const empty = emptyRunBefore(steps, step.index);
      const last = empty[0] ?? lastAction(steps, step.index);
      const noun = last?.decision.action
        ? describeCall(last.decision.action.tool, last.decision.action.args, scenario).noun
        : 'tool call';
      if (last?.observation?.repeatOf !== undefined) {
        return `because its last ${noun} only repeated an earlier one`;
      }
      return empty.length > 1
        ? `because its last ${plural(empty.length, 'tool call')} found nothing new`
        : `because its last ${noun} found nothing new`;
    }
    case 'cadence': {
      const every =
        config.reflection.interval === 1
          ? 'after every tool call'
          : `after every ${plural(config.reflection.interval, 'tool call')}`;
      return `on schedule, ${every}, whatever they found`;
    }
    case 'duplicate':
      return 'because it just tried to repeat a call it had already made';
    default:
      return null;
  }
}
