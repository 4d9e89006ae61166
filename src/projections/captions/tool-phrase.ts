/**
 * A call in words from its tool's phrase (Scenario JSON `tools[].phrase`), or, for a tool that
 * has none, a default built from the tool's name and arguments ("search_orders" with a status →
 * "search orders with status “open”").
 */
import { parseToolPhrase, type PhrasePart, type ScenarioTool } from '../../engine';
import { argumentWords, hasValue, quotedArgument } from './argument-words';
import type { Phrase } from './types';

type Arguments = Readonly<Record<string, unknown>>;
type Terms = Readonly<Record<string, string>> | undefined;

/** A tool call in words, and what its call is called ("search", "log search"). */
export interface CallWords extends Phrase {
  readonly noun: string;
  /** A shorter phrase for a repeat of the same tool ("search again"). */
  readonly again?: Phrase;
}

/** The first word is the verb: "look up order O-1" → look / up order O-1. */
function splitVerb(text: string): Phrase {
  const [verb = '', ...rest] = text.trim().split(/\s+/);
  return { verb, rest: rest.join(' ') };
}

/** The parts with the arguments' values in, or null when an argument outside `[…]` has none. */
function fill(parts: readonly PhrasePart[], args: Arguments, terms: Terms): string | null {
  let text = '';
  for (const part of parts) {
    if (part.kind === 'text') text += part.text;
    else if (part.kind === 'optional') {
      const shown = part.parts.every(
        (segment) => segment.kind === 'text' || hasValue(args[segment.name]),
      );
      if (shown) text += fill(part.parts, args, terms) ?? '';
    } else if (!hasValue(args[part.name])) return null;
    else {
      const value = args[part.name];
      text += part.quoted ? quotedArgument(value) : argumentWords(value, terms);
    }
  }
  return text;
}

/** Pure: a phrase's words with the call's arguments in, as a verb phrase; null when it cannot read. */
function phraseOf(words: string, args: Arguments, terms: Terms): Phrase | null {
  const parsed = parseToolPhrase(words);
  const text = parsed.ok ? fill(parsed.parts, args, terms) : null;
  return text === null ? null : splitVerb(text);
}

/** Verbs a tool's name often starts with; a name that starts otherwise reads "use <name>". */
const NAME_VERBS = new Set(
  (
    'add ask book calculate cancel check close compute convert count create delete describe ' +
    'download edit fetch filter find generate get inspect list load log look open ping post ' +
    'query read refund remove reset resolve retrieve run save scan schedule search send set ' +
    'show start stop submit summarise summarize track translate update upload validate verify view write'
  ).split(' '),
);

/** "searchOrders" / "search_orders" / "search-orders" → ["search", "orders"]. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/**
 * An argument as a caption shows it: `key “text”`, `key 5`, a true flag by its key alone. The key
 * is an identifier with no words of its own, so it stays one (`case_id “O-1”`).
 */
function argumentPhrase(key: string, value: unknown): string | null {
  if (value === false || !hasValue(value)) return null;
  if (value === true) return key;
  return typeof value === 'number' ? `${key} ${value}` : `${key} ${quotedArgument(value)}`;
}

/** Pure: a declared tool without a phrase, from its name and (up to three) arguments. */
export function defaultCallWords(tool: string, args: Arguments): CallWords {
  const words = nameWords(tool);
  const named = words[0] && NAME_VERBS.has(words[0]) ? words : ['use', ...words];
  const listed = Object.entries(args)
    .map(([key, value]) => argumentPhrase(key, value))
    .filter((part): part is string => part !== null)
    .slice(0, 3);
  const text = `${named.join(' ')}${listed.length ? ` with ${listed.join(', ')}` : ''}`;
  return { ...splitVerb(text), noun: 'tool call' };
}

/** Pure: a call of a declared tool in words: its phrase where it has one that reads, else the default. */
export function toolCallWords(spec: ScenarioTool, args: Arguments): CallWords {
  const phrase = spec.phrase;
  const said = phrase ? phraseOf(phrase.words, args, phrase.terms) : null;
  if (!phrase || !said) return defaultCallWords(spec.name, args);
  const again = phrase.again ? phraseOf(phrase.again, args, phrase.terms) : null;
  return { ...said, noun: phrase.noun ?? 'tool call', ...(again ? { again } : {}) };
}
