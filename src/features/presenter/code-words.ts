/**
 * Caption text cut where it names an identifier: a tool, a key or a value the scenario gave no
 * words for (`db_pool_wait_ms`, `get_order`). The presenter sets those as code, so they read as
 * names, not as words a person would not write ("db pool wait ms").
 */

/** snake_case: letters and digits joined by underscores. */
const IDENTIFIER = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g;

/** A run of caption text: words, or an identifier. */
export interface CaptionPart {
  readonly text: string;
  readonly code: boolean;
}

/** Pure: the text in parts, each identifier a part of its own; joined, they are the text. */
export function codeParts(text: string): CaptionPart[] {
  const parts: CaptionPart[] = [];
  let from = 0;
  for (const match of text.matchAll(IDENTIFIER)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), code: false });
    parts.push({ text: match[0], code: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), code: false });
  return parts;
}

/** A hyphenated word ("search-gateway", "5-7"): letters or digits joined by hyphens. */
const COMPOUND = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/** A run of words, or one hyphenated word that a line must not split. */
export interface WordPart {
  readonly text: string;
  readonly whole: boolean;
}

/**
 * Pure: the text in parts, each hyphenated word a part of its own, so a narrow card breaks the
 * line before "search-gateway", not after "search-". Joined, they are the text.
 */
export function compoundParts(text: string): WordPart[] {
  const parts: WordPart[] = [];
  let from = 0;
  for (const match of text.matchAll(COMPOUND)) {
    if (match.index > from) parts.push({ text: text.slice(from, match.index), whole: false });
    parts.push({ text: match[0], whole: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), whole: false });
  return parts;
}
