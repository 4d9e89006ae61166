/**
 * Big integers survive: other tools write 128-bit trace ids and nanosecond times as bare JSON
 * numbers (any-agent's ids, Tempo's `startTimeUnixNano`), which `JSON.parse` rounds to a double.
 * Before parsing, every integer literal outside strings with more than 15 digits is quoted, so
 * it arrives as its exact decimal string. Pure, one linear pass.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const MINUS = 45;
/** 15 digits always fit a double exactly (2^53 has 16). */
const SAFE_DIGITS = 15;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
/** A number's fraction or exponent: it is not an integer id or time. */
const isNumberTail = (code: number): boolean => code === 46 || code === 101 || code === 69;

/** Pure: the text with long integer literals quoted; the same text when it holds none. */
export function quoteBigIntegers(text: string): string {
  let out: string[] | null = null;
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      for (at++; at < text.length; at++) {
        const inner = text.charCodeAt(at);
        if (inner === BACKSLASH) at++;
        else if (inner === QUOTE) break;
      }
      continue;
    }
    if (!isDigit(code) && code !== MINUS) continue;
    const start = at;
    let end = code === MINUS ? at + 1 : at;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    const digits = end - start - (code === MINUS ? 1 : 0);
    const tail = end < text.length && isNumberTail(text.charCodeAt(end));
    if (digits > SAFE_DIGITS && !tail) {
      out ??= [];
      out.push(text.slice(copied, start), '"', text.slice(start, end), '"');
      copied = end;
    }
    at = end - 1;
    if (tail) {
      // Skip the rest of the number (fraction, exponent) so its digits are not read again.
      while (at + 1 < text.length && /[0-9.eE+-]/.test(text[at + 1]!)) at++;
    }
  }
  if (!out) return text;
  out.push(text.slice(copied));
  return out.join('');
}

/** Pure: JSON.parse with long integers kept as decimal strings. Throws what JSON.parse throws. */
export function parseLossless(text: string): unknown {
  return JSON.parse(quoteBigIntegers(text)) as unknown;
}
