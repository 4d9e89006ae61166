/**
 * "Make a scenario from this trace": a recorded run as Scenario JSON v1 that replays it. The task
 * is the run's first user message (a system prompt of the trace's own becomes `instructions`); the tools are the ones it called (the run's scenario's own
 * declarations when known, else schemas inferred from the arguments); fixtures answer each
 * recorded call with its recorded result (an unmatched call fails and says so, as any call no
 * fixture matches); a scripted model replies what the model replied, so on the built-in model
 * the run happens again as it did.
 */
import { systemPrompt } from '../prompts/system';
import { systemPromptOf, taskOf, toolRan } from '../trace/task';
import type { Step, Trace } from '../trace/types';
import type { JsonSchema, ToolSpec } from '../types';
import { parseScenario } from './parse';
import type { Fixture, Scenario, ScenarioTool } from './types';

export interface ScenarioFromTraceOptions {
  /** The scenario the run ran on, when known: its tools, corpus, rules and checks carry over. */
  readonly scenario?: Scenario | null;
  /** Tool definitions the trace carried (an imported trace's): used before inferring, and kept when never called. */
  readonly tools?: readonly ToolSpec[];
}

export interface ScenarioFromTrace {
  /** The scenario, as parseScenario reads it. */
  readonly scenario: Scenario;
  /** What the scenario could not carry over, one sentence each. */
  readonly notes: readonly string[];
}

const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i;
const TOOL_NAME_PATTERN = /^[A-Za-z_][\w.-]*$/;

/** Pure: an id the schema accepts, made from a name. */
function idFrom(name: string): string {
  const id = name.replace(/[^a-z0-9._-]+/gi, '-').replace(/^[^a-z0-9]+/i, '');
  return ID_PATTERN.test(id) ? id : 'trace';
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Pure: a loose JSON Schema for a tool from the arguments it was called with. */
function inferredParameters(calls: readonly Readonly<Record<string, unknown>>[]): JsonSchema {
  const properties: Record<string, { type: string }> = {};
  for (const args of calls) {
    for (const [key, value] of Object.entries(args)) properties[key] ??= { type: jsonType(value) };
  }
  return { type: 'object', properties };
}

/** Pure: the reply as the text protocol writes it (a native tool call as an `Action:` line). */
function replyText(step: Step): string {
  const call = step.modelCall;
  if (!call) return '';
  // A final reply in the tools protocol is plain text: the text protocol needs its marker.
  if (step.kind === 'answer' && step.answer !== null && !/Final Answer\s*:/i.test(call.text))
    return `Final Answer: ${step.answer}`;
  if (!call.toolCall) return call.text;
  const action = `Action: ${call.toolCall.name}(${call.toolCall.arguments || '{}'})`;
  return call.text.trim() ? `${call.text.trim()}\n${action}` : action;
}

function isReflective(step: Step): boolean {
  return step.kind === 'reflection' || step.kind === 'attempt_reflection';
}

function toolsOf(trace: Trace, options: ScenarioFromTraceOptions, notes: string[]): ScenarioTool[] {
  const declared = new Map<string, ScenarioTool>();
  for (const tool of options.scenario?.tools ?? []) declared.set(tool.name, tool);
  for (const tool of options.tools ?? [])
    if (!declared.has(tool.name)) declared.set(tool.name, tool);
  const calls = new Map<string, Readonly<Record<string, unknown>>[]>();
  for (const step of trace.steps) {
    const action = step.decision.action;
    if (!action) continue;
    const seen = calls.get(action.tool);
    // Pushed, not copied: a long trace calls one tool tens of thousands of times.
    if (seen) seen.push(action.args);
    else calls.set(action.tool, [action.args]);
  }
  const tools: ScenarioTool[] = [...(options.scenario?.tools ?? [])];
  for (const [name, args] of calls) {
    if (tools.some((tool) => tool.name === name)) continue;
    if (!TOOL_NAME_PATTERN.test(name)) {
      notes.push(
        `The tool "${name}" is left out: a scenario's tool names are letters, digits, "_", "." or "-".`,
      );
      continue;
    }
    const known = declared.get(name);
    tools.push(
      known ?? {
        name,
        description: `${name} (its arguments inferred from the calls the trace recorded)`,
        parameters: inferredParameters(args),
      },
    );
  }
  // Tools the trace defined but never called were offered to its model: keep offering them.
  for (const tool of options.tools ?? [])
    if (!tools.some((known) => known.name === tool.name)) tools.push(tool);
  return tools;
}

function fixturesOf(
  trace: Trace,
  tools: readonly ScenarioTool[],
  known: Scenario | null,
): Fixture[] {
  const names = new Set(tools.map((tool) => tool.name));
  const fixtures: Fixture[] = [];
  const seen = new Set<string>();
  for (const step of trace.steps) {
    const action = step.decision.action;
    if (!action || !toolRan(step) || !step.observation?.ok || !names.has(action.tool)) continue;
    const key = `${action.tool}\n${JSON.stringify(action.args)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fixtures.push({ tool: action.tool, args: action.args, result: step.observation.result });
  }
  return [...fixtures, ...(known?.fixtures ?? [])];
}

/**
 * The instructions the scenario carries: the known scenario's, or a system prompt of the trace's
 * own (another tool's agent), which the mode's prompt would otherwise replace.
 */
function instructionsOf(
  trace: Trace,
  tools: readonly ScenarioTool[],
  known: Scenario | null,
  notes: string[],
): string | undefined {
  if (known?.instructions) return known.instructions;
  const recorded = systemPromptOf(trace)?.trim();
  if (!recorded) return undefined;
  const modePrompt = systemPrompt(trace.config.mode, trace.config.protocol, tools);
  if (recorded.startsWith(modePrompt)) return undefined;
  notes.push(
    "The trace's own system prompt is kept as the scenario's instructions: it is sent after the mode's system prompt.",
  );
  return recorded;
}

/**
 * Pure: the scenario a recorded run makes (see the module comment); its `id` is the run's
 * scenario's with `-from-trace`, for the user to rename. Throws a ScenarioError only if the
 * result failed the schema (a bug: every part is made to pass it).
 */
export function scenarioFromTrace(
  trace: Trace,
  options: ScenarioFromTraceOptions = {},
): ScenarioFromTrace {
  const known = options.scenario ?? null;
  const notes: string[] = [];
  const task = taskOf(trace) ?? known?.task ?? null;
  if (taskOf(trace) === null)
    notes.push('The trace records no user message: the task is a placeholder.');
  const tools = toolsOf(trace, options, notes);
  const instructions = instructionsOf(trace, tools, known, notes);
  const withCall = trace.steps.filter((step) => step.modelCall !== null);
  const draft = {
    format: 'loopscope.scenario',
    version: 1,
    id: `${idFrom(known?.id ?? trace.scenario)}-from-trace`,
    title: `${known?.title ?? trace.scenario} (from a trace)`,
    task: task ?? 'The task this trace ran (it recorded none).',
    ...(instructions ? { instructions } : {}),
    defaultMode: trace.config.mode,
    tags: [...(known?.tags ?? []).filter((tag) => tag !== 'from-trace'), 'from-trace'],
    tools,
    fixtures: fixturesOf(trace, tools, known),
    ...(known?.corpus ? { corpus: known.corpus } : {}),
    evidenceRules: known?.evidenceRules ?? [],
    ...(known?.verify ? { verify: known.verify } : {}),
    ...(known?.expected ? { expected: known.expected } : {}),
    model: {
      kind: 'scripted',
      turns: withCall.filter((step) => !isReflective(step)).map(replyText),
      reflections: withCall.filter(isReflective).map(replyText),
    },
  };
  return { scenario: parseScenario(draft), notes };
}
