/** Low-level scanners shared by the parsers: quoted string literals and balanced JSON objects. */

/** A string literal read from a text: its unescaped value and the index just after its closing quote. */
export interface Literal {
  readonly value: string;
  readonly end: number;
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
};

const ESCAPE_RE = /\\([\s\S])/g;

/** Resolves `\n`, `\t`, `\r`, `\"`, `\'`, `\\`, `\/`; any other backslash pair is kept as written. */
export function unescapeString(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(ESCAPE_RE, (pair, ch: string) => ESCAPES[ch] ?? pair);
}

/** Reads the `"…"` or `'…'` literal opening at `start`; null when `start` is no quote or the quote never closes. */
export function readQuoted(text: string, start: number): Literal | null {
  const quote = text[start];
  if (quote !== '"' && quote !== "'") return null;
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === quote) return { value: unescapeString(text.slice(start + 1, i)), end: i + 1 };
  }
  return null;
}

/** Index just after the `}` that closes the `{` at `start` (JSON strings respected); -1 if it never closes. */
export function findObjectEnd(text: string, start: number): number {
  if (text[start] !== '{') return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{') {
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
}

/** Index of the first non-whitespace character at or after `start` (the text's length if none). */
export function skipSpace(text: string, start: number): number {
  let i = start;
  while (isSpace(text[i])) i++;
  return i;
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
