/**
 * The bench's compare figure (`compare.align10kMs`): two 10,000-step runs of one scenario aligned
 * step by step with `alignRuns`, as compare does. Engine and projections only: it bundles for
 * the page too.
 */
import type { Step } from '../engine';
import { alignRuns } from '../projections/align';
import { longTrace } from './bench-runs';

/** The same step with different arguments: the second run looked up another key there. */
function otherArgs(step: Step, key: string): Step {
  const action = step.decision.action;
  if (!action) return step;
  return { ...step, decision: { ...step.decision, action: { ...action, args: { key } } } };
}

/**
 * Two runs that mostly agree and part ways now and then, as two runs of one scenario under
 * different settings do: the second drops every 89th step, repeats every 211th and looks up
 * another key at every 97th (about 1 step in 30 differs).
 */
export async function comparedRuns(steps: number): Promise<[readonly Step[], readonly Step[]]> {
  const first = (await longTrace(steps)).steps;
  const second: Step[] = [];
  first.forEach((step, index) => {
    if (index % 89 === 88) return;
    second.push(index % 97 === 96 ? otherArgs(step, `other${index}`) : step);
    if (index % 211 === 210) second.push(step);
  });
  return [first, second];
}

/** Aligns the two runs once: its time and how many rows it gave. */
export function alignOnce(lanes: readonly (readonly Step[])[]): { seconds: number; rows: number } {
  const started = performance.now();
  const alignment = alignRuns(lanes);
  return { seconds: (performance.now() - started) / 1000, rows: alignment.rows.length };
}
