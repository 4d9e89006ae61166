/**
 * Evidence-rule claims are regular expressions a scenario file brings, run against the model's
 * answer by a backtracking engine. This module refuses the shapes that can take exponential time
 * (issue 15, ReDoS) and says how much of an answer a claim is looked for in.
 */

/**
 * A claim is looked for in the first this many characters of an answer. With exponential shapes
 * refused, what is left is at worst polynomial in the text; 4,096 characters keep a quadratic
 * pattern to about 17 million steps, while answers the guard reads are a few sentences long.
 */
export const CLAIM_TEXT_LIMIT = 4096;

/** A claim longer than this is refused: claims name a few words, not a grammar. */
export const CLAIM_LENGTH_LIMIT = 1000;

interface Group {
  /** A quantifier (`*`, `+`, `?`, `{…}`) occurs inside the group, at any depth. */
  quantified: boolean;
  /** A `|` occurs directly in the group. */
  alternated: boolean;
}

interface Atom {
  readonly group: Group | null;
}

const REPEATS =
  'a repeated group that itself repeats or alternates (like "(a+)+" or "(a|aa)*") can take ' +
  'exponential time on a long answer; write the claim without the nested repetition';

/** Reads a `{n}`, `{n,}` or `{n,m}` quantifier at `index`; null when `{` is a literal there. */
function braceQuantifier(pattern: string, index: number): { end: number; repeats: boolean } | null {
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!match) return null;
  const most = match[2] === undefined ? Number(match[1]) : match[3] ? Number(match[3]) : Infinity;
  return { end: index + match[0].length, repeats: most > 1 };
}

/** The index just past a character class that opens at `index` (`[` … `]`). */
function classEnd(pattern: string, index: number): number {
  let at = index + 1;
  if (pattern[at] === '^') at += 1;
  while (at < pattern.length && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The length of a group's opening: `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
function groupOpening(pattern: string, index: number): number {
  if (pattern[index + 1] !== '?') return 1;
  const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(pattern.slice(index));
  if (named) return named[0].length;
  return pattern[index + 2] === '<' ? 4 : 3;
}

/**
 * Pure: why a claim (already known to compile as `new RegExp(claim, 'i')`) is refused, or null
 * when it may run. Refused: a repeated group that contains a quantifier or an alternation (star
 * height above one, the classic catastrophic backtracking), backreferences (matching them is
 * NP-hard) and claims over {@link CLAIM_LENGTH_LIMIT} characters. Conservative: a harmless
 * `(ab|cd)+` is refused too.
 */
export function claimProblem(claim: string): string | null {
  if (claim.length > CLAIM_LENGTH_LIMIT) {
    return `a claim of ${claim.length} characters is longer than the ${CLAIM_LENGTH_LIMIT} allowed`;
  }
  const groups: Group[] = [{ quantified: false, alternated: false }];
  let last: Atom | null = null;
  let index = 0;
  while (index < claim.length) {
    const character = claim[index]!;
    const current = groups[groups.length - 1]!;
    if (character === '\\') {
      const next = claim[index + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && claim[index + 2] === '<')) {
        return 'a backreference (like "\\1" or "\\k<name>") can take exponential time; write the claim without it';
      }
      last = { group: null };
      index += 2;
    } else if (character === '[') {
      last = { group: null };
      index = classEnd(claim, index);
    } else if (character === '(') {
      groups.push({ quantified: false, alternated: false });
      last = null;
      index += groupOpening(claim, index);
    } else if (character === ')') {
      const closed = groups.length > 1 ? groups.pop()! : current;
      const parent = groups[groups.length - 1]!;
      parent.quantified ||= closed.quantified;
      last = { group: closed };
      index += 1;
    } else if (character === '|') {
      current.alternated = true;
      last = null;
      index += 1;
    } else if (character === '*' || character === '+' || character === '?' || character === '{') {
      const brace = character === '{' ? braceQuantifier(claim, index) : null;
      if (character === '{' && !brace) {
        last = { group: null }; // a literal "{"
        index += 1;
        continue;
      }
      const repeats = brace ? brace.repeats : character !== '?';
      const group = last?.group;
      if (repeats && group && (group.quantified || group.alternated)) return REPEATS;
      current.quantified = true;
      index = brace ? brace.end : index + 1;
      if (claim[index] === '?') index += 1; // lazy
      last = null;
    } else {
      last = { group: null };
      index += 1;
    }
  }
  return null;
}
