/**
 * A tool's phrase (Scenario JSON extension `tools[].phrase`): how a call of it reads in captions,
 * as a verb phrase in the base form with placeholders for its arguments. `{name}` is the value
 * as the phrase's `terms` name it (else as given: an identifier stays one), `{name:quoted}` the
 * value in quotes as given, and a part in `[…]` is kept only when every argument it names has a
 * value. Pure: parsing only.
 */

/** Literal text, or an argument's value. */
export type PhraseSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'argument'; readonly name: string; readonly quoted: boolean };

/** A segment, or an optional part (`[…]`) of segments. */
export type PhrasePart =
  PhraseSegment | { readonly kind: 'optional'; readonly parts: readonly PhraseSegment[] };

/** A parsed phrase, or what is wrong with its text. */
export type PhraseParse =
  | { readonly ok: true; readonly parts: readonly PhrasePart[] }
  | { readonly ok: false; readonly problem: string };

const PLACEHOLDER = /^([^\s{}[\]:]+)(:quoted)?$/;

/** Pure: a phrase's text as its parts, or the first problem in it (one line, for a message). */
export function parseToolPhrase(text: string): PhraseParse {
  if (!/^\p{L}/u.test(text)) {
    return { ok: false, problem: 'it must start with its verb, as in "look up order {case_id}"' };
  }
  const parts: PhrasePart[] = [];
  let optional: PhraseSegment[] | null = null;
  let position = 0;
  const push = (segment: PhraseSegment) => (optional ?? parts).push(segment);
  while (position < text.length) {
    const next = text.slice(position).search(/[{}[\]]/);
    const end = next < 0 ? text.length : position + next;
    if (end > position) push({ kind: 'text', text: text.slice(position, end) });
    if (end === text.length) break;
    const mark = text[end];
    if (mark === '{') {
      const close = text.indexOf('}', end);
      const inner = close < 0 ? null : text.slice(end + 1, close);
      if (inner === null) return { ok: false, problem: 'a "{" without its "}"' };
      const placeholder = PLACEHOLDER.exec(inner);
      if (!placeholder?.[1]) {
        return {
          ok: false,
          problem: `"{${inner}}" is not an argument placeholder ({name} or {name:quoted})`,
        };
      }
      push({ kind: 'argument', name: placeholder[1], quoted: placeholder[2] !== undefined });
      position = close + 1;
    } else if (mark === '[') {
      if (optional) return { ok: false, problem: 'an optional part "[" inside another' };
      optional = [];
      position = end + 1;
    } else if (mark === ']') {
      if (!optional) return { ok: false, problem: 'a "]" without its "["' };
      if (!optional.some((segment) => segment.kind === 'argument')) {
        return { ok: false, problem: 'an optional part "[…]" that names no argument' };
      }
      parts.push({ kind: 'optional', parts: optional });
      optional = null;
      position = end + 1;
    } else {
      return { ok: false, problem: 'a "}" without its "{"' };
    }
  }
  if (optional) return { ok: false, problem: 'a "[" without its "]"' };
  return { ok: true, parts };
}

/** Pure: the names of the arguments a parsed phrase uses, in order of first use. */
export function phraseArguments(parts: readonly PhrasePart[]): string[] {
  const names = parts.flatMap((part) => (part.kind === 'optional' ? part.parts : [part]));
  const used = names.flatMap((segment) => (segment.kind === 'argument' ? [segment.name] : []));
  return [...new Set(used)];
}
