/** A tool call in words, and what came back from it. */
import type { Scenario, Step } from '../../engine';
import { clip } from '../decision-record';
import type { Phrase } from './types';
import { plural } from './words';

const ARG_MAX = 60;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
const words = (value: unknown) => clip(asText(value).replace(/_/g, ' '), ARG_MAX);
const quoted = (value: unknown) => `“${clip(asText(value), ARG_MAX)}”`;

/** What a tool searches, from its description ("… over the help centre …"), else "the documents". */
function corpusOf(scenario: Scenario, tool: string): string {
  const description = scenario.tools.find((spec) => spec.name === tool)?.description ?? '';
  const match = /\bover (the [^(),.;]+?)\s*(?:[(),.;]|$)/i.exec(description);
  return match?.[1]?.trim() ?? 'the documents';
}

/** A tool call in words, and what its call is called ("search", "log search"). */
export interface CallWords extends Phrase {
  readonly noun: string;
  /** A shorter phrase for a repeat of the same tool ("search again"). */
  readonly again?: Phrase;
}

type Phrasebook = (
  args: Readonly<Record<string, unknown>>,
  scenario: Scenario,
  tool: string,
) => CallWords;

/** The built-in scenarios' tools, where a sentence reads better than the tool's name. */
const PHRASEBOOK: Readonly<Record<string, Phrasebook>> = {
  rag_search: (args, scenario, tool) => ({
    verb: 'search',
    rest: `${corpusOf(scenario, tool)} for ${quoted(args.query)}`,
    noun: 'search',
    again: { verb: 'search', rest: 'again' },
  }),
  lexical_search: (args, scenario, tool) => ({
    verb: 'search',
    rest: `${corpusOf(scenario, tool)} for the words ${quoted(args.query)}`,
    noun: 'search',
    again: { verb: 'search', rest: 'again' },
  }),
  search_logs: (args) => ({
    verb: 'read',
    rest: `the logs of ${words(args.service)}${args.window ? ` (${words(args.window)})` : ''}`,
    noun: 'log search',
  }),
  get_metrics: (args) => ({
    verb: 'check',
    rest: `the ${words(args.metric)} metric of ${words(args.service)}`,
    noun: 'metric check',
  }),
  list_deploys: (args) => ({
    verb: 'look',
    rest: `at the deploys of ${words(args.service)}`,
    noun: 'look at the deploys',
  }),
  done_gathering: () => ({ verb: 'say', rest: 'it has gathered enough', noun: 'tool call' }),
  get_order: (args) => ({ verb: 'look', rest: `up order ${words(args.case_id)}`, noun: 'lookup' }),
  list_order_notes: (args) => ({
    verb: 'read',
    rest: `the notes on order ${words(args.case_id)}`,
    noun: 'lookup',
  }),
  ping_carrier: (args) => ({
    verb: 'ask',
    rest: `the carrier about order ${words(args.case_id)}`,
    noun: 'lookup',
  }),
  get_ticket: (args) => ({ verb: 'open', rest: `ticket ${words(args.ticket_id)}`, noun: 'lookup' }),
  get_policy: (args) => ({ verb: 'read', rest: `the ${words(args.topic)} policy`, noun: 'lookup' }),
};

/** Pure: a tool call in words: the phrasebook's, else "calls <tool> with key “value”, …". */
export function describeCall(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  scenario: Scenario,
): CallWords {
  const known = PHRASEBOOK[tool];
  if (known) return known(args, scenario, tool);
  const listed = Object.entries(args)
    .slice(0, 3)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${quoted(value)}`)
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
