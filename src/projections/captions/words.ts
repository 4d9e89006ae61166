/** The small grammar captions are written in: verb forms, sentences, quotes, counts and lists. */
import { clip } from '../decision-record';
import type { Phrase } from './types';

/** How long quotes may run: a caption is read from across a room. */
export const QUOTE_MAX = 170;
export const ANSWER_MAX = 300;

/** Pure: the third person of a verb ("search" → "searches", "try" → "tries"). */
export function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Pure: a phrase in the third person ("searches again"). */
export const said = (phrase: Phrase) =>
  `${thirdPerson(phrase.verb)}${phrase.rest ? ` ${phrase.rest}` : ''}`;

/** Pure: a phrase in its base form ("search again"). */
export const base = (phrase: Phrase) => `${phrase.verb}${phrase.rest ? ` ${phrase.rest}` : ''}`;

/** Pure: the text with its first letter upper-cased. */
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Pure: the text trimmed, with a full stop unless it already ends a sentence. */
export const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?…]”?$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Pure: "ReAct’s", "Two attempts’". */
export const possessive = (label: string) => (label.endsWith('s') ? `${label}’` : `${label}’s`);

/** Pure: the text clipped and in curly quotes. */
export const quote = (text: string, max = QUOTE_MAX) => `“${clip(text, max)}”`;

/** Pure: "1 result", "3 results", "1,200 tokens". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Pure: "a, b and c" (with `separator` between all but the last two, `last` before the last). */
export function joinList(parts: readonly string[], separator: string, last: string): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(separator)}${last}${parts[parts.length - 1]}`;
}
