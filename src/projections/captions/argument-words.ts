/** An argument's value in words, clipped for a caption: as words, or quoted as given. */
import { clip } from '../decision-record';

/** How long one argument's value may run in a caption. */
const ARGUMENT_MAX = 60;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/** Pure: a value as words, underscores read as spaces ("db_pool_wait_ms" → "db pool wait ms"). */
export const argumentWords = (value: unknown) =>
  clip(asText(value).replace(/_/g, ' '), ARGUMENT_MAX);

/** Pure: a value in curly quotes, as given ("“refund processing time”"). */
export const quotedArgument = (value: unknown) => `“${clip(asText(value), ARGUMENT_MAX)}”`;

/** Pure: whether an argument has a value a phrase can show (not missing, null or ""). */
export const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';
