/** Pure: what the streaming call shows of a reply that is still arriving. No React. */

/**
 * A reply streams into view by its last this many characters: writing the whole text on every
 * frame would cost time and layout growing with the reply (issue 15: a 10 MB reply crashed the
 * tab). The finished step shows the reply in full.
 */
export const STREAM_TAIL_CHARS = 4000;

/** Pure: the text, or its tail after a line that says how much came before. */
export function streamingTail(text: string, limit = STREAM_TAIL_CHARS): string {
  if (text.length <= limit) return text;
  const earlier = (text.length - limit).toLocaleString('en-US');
  return `… ${earlier} earlier characters (the step shows them all when the call ends)\n${text.slice(-limit)}`;
}
