/** A tool call in words (from the scenario's phrase for the tool), and what came back from it. */
import type { Scenario, Step } from '../../engine';
import { quotedArgument } from './argument-words';
import { toolCallWords, type CallWords } from './tool-phrase';
import type { Phrase } from './types';
import { plural } from './words';

export type { CallWords } from './tool-phrase';

/**
 * Pure: a tool call in words: the scenario's phrase for the tool, else one built from the
 * declared tool's name and arguments; a tool the scenario does not declare reads
 * "calls <tool> with key “value”, …" (its name and keys as given: identifiers).
 */
export function describeCall(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  scenario: Scenario,
): CallWords {
  const spec = scenario.tools.find((candidate) => candidate.name === tool);
  if (spec) return toolCallWords(spec, args);
  const listed = Object.entries(args)
    .slice(0, 3)
    .map(([key, value]) => `${key} ${quotedArgument(value)}`)
    .join(', ');
  return { verb: 'call', rest: listed ? `${tool} with ${listed}` : tool, noun: 'tool call' };
}

/** Pure: what came back from a step's tool call ("find 3 results", "get an error"), or null. */
export function resultOf(step: Step): Phrase | null {
  const observation = step.observation;
  if (!observation) return null;
  if (observation.repeatOf !== undefined) {
    return { verb: 'get', rest: `back what step ${observation.repeatOf} already returned` };
  }
  if (!observation.ok) return { verb: 'get', rest: 'an error from the tool' };
  if (observation.empty) return { verb: 'find', rest: 'nothing' };
  const result = observation.result;
  if (Array.isArray(result)) return { verb: 'find', rest: plural(result.length, 'result') };
  return { verb: 'get', rest: 'a result' };
}
