/**
 * The minimal Scenario an imported trace is held with (a RunRecord needs one): its id from the
 * trace id, the task from the first user message, the tools the trace defined (with their
 * recorded argument schemas, `tool-definitions.ts`) and the ones it called. Pure. Once the
 * steps are read, `replayableScenario` gives it the recorded replies and results to replay.
 */
import { ScenarioError } from '../scenario/errors';
import { scenarioFromTrace } from '../scenario/from-trace';
import type { Scenario } from '../scenario/types';
import type { Trace } from '../trace/types';
import type { ToolSpec } from '../types';
import type { CallRead } from './calls';
import type { TreeNode } from './tree';

const TOOL_NAME = /^[A-Za-z_][\w.-]*$/;
/** A task is a line of text; a long first message is cut (the full text stays in the steps). */
const TASK_CHARS = 500;

/** Pure: a scenario id from a trace id (`imported-<first 16 id characters>`). */
export function importedScenarioId(traceId: string): string {
  const cleaned = traceId
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+/, '');
  return `imported-${cleaned.slice(0, 16) || 'trace'}`;
}

export function importedScenario(
  traceId: string,
  nodes: readonly TreeNode[],
  calls: readonly CallRead[],
  restoredId: string | null,
  definitions: readonly ToolSpec[] = [],
): Scenario {
  const firstUser = calls
    .flatMap((call) => (call.kind === 'model' ? call.messages : []))
    .find((message) => message.role === 'user' && message.content.trim() !== '');
  const root = nodes.find((node) => node.depth === 0);
  const task =
    (firstUser?.content ?? root?.span.name ?? 'Imported trace').trim().slice(0, TASK_CHARS) ||
    'Imported trace';
  const names = [
    ...new Set(calls.flatMap((call) => (call.kind === 'tool' ? [call.call.name] : []))),
  ].filter((name) => TOOL_NAME.test(name) && !definitions.some((spec) => spec.name === name));
  return {
    format: 'loopscope.scenario',
    version: 1,
    id: restoredId ?? importedScenarioId(traceId),
    title: `Imported: ${root?.span.name || 'trace'}`.slice(0, 120),
    task,
    tags: ['imported'],
    tools: [
      ...definitions,
      ...names.map((name) => ({
        name,
        description: 'a tool seen in the imported trace',
        parameters: { type: 'object' },
      })),
    ],
    fixtures: [],
    evidenceRules: [],
    model: { kind: 'scripted', turns: [] },
  };
}

/**
 * Pure: the imported run's scenario made to replay it (`scenarioFromTrace`: the recorded replies
 * as a scripted model, the recorded results as fixtures), under the import's id and title — so
 * Run on an imported trace plays it through Loopscope's loop under the settings shown, the
 * question the lens asks. The trace's tool `definitions` declare their tools (else schemas are
 * inferred from the calls). A trace with no steps, or one the maker cannot carry, keeps `base`.
 */
export function replayableScenario(
  trace: Trace,
  base: Scenario,
  definitions: readonly ToolSpec[] = [],
): Scenario {
  if (trace.steps.length === 0) return base;
  try {
    const { scenario } = scenarioFromTrace(trace, { scenario: null, tools: definitions });
    return { ...scenario, id: base.id, title: base.title, tags: base.tags };
  } catch (error) {
    if (error instanceof ScenarioError) return base;
    throw error;
  }
}
