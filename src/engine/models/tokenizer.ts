/**
 * gpt-tokenizer (o200k_base), loaded on first use: its rank tables are megabytes, so nothing
 * imports it statically. The CLI and the eval worker load it at their first count; the page
 * counts in a worker of its own (src/workers/token-worker.ts), never on its main thread.
 */

/** Counts the tokens of one text. */
export type CountText = (text: string) => number;

/**
 * gpt-tokenizer's BPE is quadratic in the length of one pre-token, and a run its pre-tokenizer
 * does not split (100,000 identical letters, a line of "-") is one pre-token: 15 s for 100k
 * characters (issue 15). Runs of this many characters or more are counted in slices of this size;
 * ordinary words and sentences are far shorter and are counted as before.
 */
export const RUN_SLICE = 100;
const LONG_RUN = new RegExp(`\\S{${RUN_SLICE},}|\\s{${RUN_SLICE},}`, 'g');

/**
 * Pure: the tokens of `text` by `count`, with every long run of non-space (or space) characters
 * counted in `RUN_SLICE`-character slices (never cutting a surrogate pair), so the work grows
 * linearly with the run. A slice may tokenise a little differently from the whole run: the count
 * is an estimate either way.
 */
export function countInSlices(text: string, count: CountText): number {
  LONG_RUN.lastIndex = 0;
  const found = LONG_RUN.test(text);
  LONG_RUN.lastIndex = 0; // matchAll starts where test() stopped
  if (!found) return count(text);
  let total = 0;
  let from = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    if (run.index > from) total += count(text.slice(from, run.index));
    const end = run.index + run[0].length;
    let at = run.index;
    while (at < end) {
      let next = Math.min(at + RUN_SLICE, end);
      const code = text.charCodeAt(next - 1);
      if (next < end && code >= 0xd800 && code <= 0xdbff) next -= 1;
      total += count(text.slice(at, next));
      at = next;
    }
    from = end;
  }
  if (from < text.length) total += count(text.slice(from));
  return total;
}

let loaded: CountText | null = null;
let loading: Promise<CountText> | null = null;

/** Loads gpt-tokenizer once (a failed load is tried again at the next call). */
export function loadTokenizer(): Promise<CountText> {
  loading ??= import('gpt-tokenizer').then(
    (module) => (loaded = module.countTokens),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The o200k tokens of each of `texts` (long runs in slices): at once when the tokenizer is
 * loaded, else once it has loaded.
 */
export function countWithTokenizer(
  texts: readonly string[],
): readonly number[] | Promise<readonly number[]> {
  const count = loaded;
  if (count) return texts.map((text) => countInSlices(text, count));
  return loadTokenizer().then((loadedCount) =>
    texts.map((text) => countInSlices(text, loadedCount)),
  );
}
