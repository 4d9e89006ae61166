/** An argument's value in words, clipped for a caption: as words, or quoted as given. */
import { clip } from '../decision-record';

/** How long one argument's value may run in a caption. */
const ARGUMENT_MAX = 60;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/**
 * Pure: a value as words: the scenario's term for it where it has one ("db_pool_wait_ms" →
 * "DB pool wait (ms)"), else as given — an identifier stays one (`db_pool_wait_ms`, which the
 * presenter sets as code), never split into words a person would not write ("db pool wait ms").
 */
export const argumentWords = (value: unknown, terms?: Readonly<Record<string, string>>) => {
  const text = asText(value);
  const term = terms && Object.hasOwn(terms, text) ? terms[text] : undefined;
  return clip(term ?? text, ARGUMENT_MAX);
};

/** Pure: a value in curly quotes, as given ("“refund processing time”"). */
export const quotedArgument = (value: unknown) => `“${clip(asText(value), ARGUMENT_MAX)}”`;

/** Pure: whether an argument has a value a phrase can show (not missing, null or ""). */
export const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';
