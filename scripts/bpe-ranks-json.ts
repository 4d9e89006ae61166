/**
 * gpt-tokenizer's rank tables (`gpt-tokenizer/esm/bpeRanks/*.js`: o200k is one array literal of
 * 200,000 strings, 2.4 MB) rebuilt for the browser's bundles as one JSON string parsed at load.
 * The same array: only its form in the bundle changes. V8 parses JSON far faster than a script's
 * array literal, and the token worker (the page's counts, the mock's usage before each reply) and
 * the eval worker load one at their first count: in Node the literal took 300–460 ms to load
 * against 126 ms for `JSON.parse` of the same data ("Test suite" in docs/performance.md says
 * what it saved in Chromium). The CLI bundles gpt-tokenizer with esbuild and keeps the literal.
 */
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** A rank table module of gpt-tokenizer's ESM build (posix or Windows separators). */
export const RANKS_MODULE = /[\\/]gpt-tokenizer[\\/]esm[\\/]bpeRanks[\\/][\w.]+\.js$/;

/**
 * Pure: a module whose default export is `ranks`, as a JSON string parsed once. Every entry is a
 * string or an array of byte values, which JSON carries exactly; anything else is refused.
 */
export function ranksModule(ranks: unknown): string {
  if (
    !Array.isArray(ranks) ||
    !ranks.every(
      (entry) =>
        typeof entry === 'string' ||
        (Array.isArray(entry) && entry.every((byte) => Number.isInteger(byte))),
    )
  ) {
    throw new Error('gpt-tokenizer rank table: expected an array of strings and byte arrays');
  }
  // The JSON text as a JS string literal (JSON.stringify escapes quotes, backslashes and
  // controls; U+2028 and U+2029 are legal in JS strings since ES2019).
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(ranks))});\n`;
}

/** The build's plugin (the page and its workers): each rank table module in its JSON form. */
export function bpeRanksAsJson(): Plugin {
  return {
    name: 'loopscope-bpe-ranks-json',
    async load(id) {
      if (!RANKS_MODULE.test(id)) return null;
      // The module itself, loaded by Node: what it exports is what the bundle will hold.
      const module = (await import(pathToFileURL(id).href)) as { default: unknown };
      return { code: ranksModule(module.default), map: null };
    },
  };
}
