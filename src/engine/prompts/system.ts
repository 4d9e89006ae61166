/** System prompts of the three modes. Each lists the scenario's tools and its text protocol. */
import type { Mode, Protocol } from '../config';
import type { ToolSpec } from '../types';

function describeParameters(tool: ToolSpec): string {
  const properties = (tool.parameters['properties'] ?? {}) as Record<string, { type?: unknown }>;
  const names = Object.keys(properties);
  if (names.length === 0) return '';
  return names
    .map((name) => `${name}${properties[name]?.type ? `: ${String(properties[name]?.type)}` : ''}`)
    .join(', ');
}

/** Pure: the tool list as the prompt shows it, one line per tool. */
export function toolList(tools: readonly ToolSpec[]): string {
  return tools
    .map((tool) => `- ${tool.name}(${describeParameters(tool)}): ${tool.description}`)
    .join('\n');
}

const ACTION_FORMS = `Action forms:
  tool:NAME key=value key2="two words"
  NAME("one argument")
  NAME({"key": "value"})
  answer <your answer>
  escalate <why a person must take over>`;

const PREAMBLE: Record<Mode, string> = {
  act: `You are an agent that acts. Each reply is exactly one action, nothing else.

Reply format:
Action: <one action>

When you know the answer, reply with "Action: answer <text>".`,
  react: `You are a ReAct agent. In each reply you think about what to do next, then take exactly one action.

Reply format:
Thought: <what you know and what to do next>
Action: <one action>

When you know the answer:
Thought: <why you are done>
Final Answer: <the answer>`,
  reflact: `You are a ReflAct agent. At every step, reflect on where you stand RELATIVE TO THE GOAL, then choose the next action.
Do not ask "what should I do next?" but "where am I relative to the goal?"

Your reflection must always contain:
1. Current state: what you already know.
2. Last discovery: what the last observation told you.
3. Goal relation: how close you are to the goal and what is still missing.

Reply format:
REFLECTION:
Current state: ...
Last discovery: ...
Goal relation: ...
ACTION: <one action>

When the goal is reached:
REFLECTION: <the three parts, saying the goal is reached>
FINAL ANSWER: <the complete answer, based only on what the tools returned>`,
};

const RULES = `Rules:
- Observations come only from the tools. Never write an Observation yourself.
- Claim nothing that no tool returned.
- Do not repeat a tool call with the same arguments; it returns nothing new.`;

/**
 * Pure: the system prompt of a mode for a scenario's tools; a scenario's own `instructions`
 * follow the mode's rules, and `notes` (reflection memory) go last.
 */
export function systemPrompt(
  mode: Mode,
  protocol: Protocol,
  tools: readonly ToolSpec[],
  notes = '',
  instructions = '',
): string {
  const toolText =
    protocol === 'tools'
      ? 'Call the tools through function calling. When you know the answer, reply with the answer as plain text.'
      : `Tools:\n${toolList(tools)}\n\n${ACTION_FORMS}`;
  const rules = `${PREAMBLE[mode]}\n\n${toolText}\n\n${RULES}`;
  const base = instructions ? `${rules}\n\nInstructions:\n${instructions}` : rules;
  return notes ? `${base}\n\nAdditional Notes:\n${notes}` : base;
}
