/**
 * The tool definitions a trace carries, read so a scenario made from it declares the recorded
 * argument schemas instead of inferring them. Three conventions: GenAI `gen_ai.tool.definitions`
 * (a JSON array of `{type: 'function', name, description, parameters}`, or the Chat Completions
 * shape with a nested `function`), OpenInference `llm.tools.N.tool.json_schema` (one such object
 * as JSON) and OpenLLMetry `llm.request.functions.N.name` / `.description` / `.parameters`. The
 * first definition of a name wins. Pure.
 */
import type { JsonSchema, ToolSpec } from '../types';
import type { Attributes } from './model';
import type { TreeNode } from './tree';
import { indexed, isRecord, parsedJson, textAt } from './values';

/** GenAI keys holding a JSON array of definitions (the second is an older spelling). */
const ARRAY_KEYS = ['gen_ai.tool.definitions', 'gen_ai.request.tools'] as const;
const TOOL_NAME = /^[A-Za-z_][\w.-]*$/;

/** Pure: one definition from `{name, description, parameters}` or `{function: {…}}`, or null. */
function definitionOf(value: unknown): ToolSpec | null {
  const item = parsedJson(value);
  if (!isRecord(item)) return null;
  const inner = isRecord(item['function']) ? item['function'] : item;
  const name = inner['name'];
  if (typeof name !== 'string' || !TOOL_NAME.test(name)) return null;
  const description = inner['description'];
  const parameters = parsedJson(inner['parameters'] ?? inner['input_schema']);
  return {
    name,
    description: typeof description === 'string' && description.trim() ? description : name,
    parameters: isRecord(parameters) ? (parameters as JsonSchema) : { type: 'object' },
  };
}

function definitionsOnSpan(attributes: Attributes): ToolSpec[] {
  const found: ToolSpec[] = [];
  for (const key of ARRAY_KEYS) {
    const list = parsedJson(attributes[key]);
    if (Array.isArray(list)) for (const item of list) found.push(...nonNull(definitionOf(item)));
  }
  for (const group of indexed(attributes, 'llm.tools').values())
    found.push(...nonNull(definitionOf(group['tool.json_schema'])));
  for (const group of indexed(attributes, 'llm.request.functions').values()) {
    found.push(
      ...nonNull(
        definitionOf({
          name: textAt(group, 'name'),
          description: textAt(group, 'description'),
          parameters: group['parameters'],
        }),
      ),
    );
  }
  return found;
}

const nonNull = (spec: ToolSpec | null): ToolSpec[] => (spec ? [spec] : []);

/** Pure: every tool definition the spans carry, once per name, in the order first seen. */
export function toolDefinitionsOf(nodes: readonly TreeNode[]): ToolSpec[] {
  const byName = new Map<string, ToolSpec>();
  for (const node of nodes)
    for (const spec of definitionsOnSpan(node.span.attributes))
      if (!byName.has(spec.name)) byName.set(spec.name, spec);
  return [...byName.values()];
}
