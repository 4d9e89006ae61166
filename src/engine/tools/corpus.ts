/** Corpus search shared parts: tokenising, the hit shape, ranking, and the lexical search. */
import type { CorpusDocument } from '../scenario/types';

/** One corpus search hit as the `rag_search` / `lexical_search` tools return it. */
export interface CorpusHit {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  /** Relevance in 0..1, rounded to 3 decimals. */
  readonly score: number;
}

/** A search over one corpus: hits best first, at most {@link MAX_HITS}; `[]` when nothing matches. */
export type CorpusSearch = (query: string) => CorpusHit[];

/** A raw score for the document at `position` in the corpus. */
export interface PositionScore {
  readonly position: number;
  readonly score: number;
}

/** Hits returned per search: enough sources for the LLARS mean rule (3+), short enough to read. */
export const MAX_HITS = 5;

/** Anything that is not a letter or a digit, in any script (so umlauts and ß stay inside terms). */
const TERM_SEPARATOR = /[^\p{L}\p{N}]+/u;

/** Pure: NFC-normalised, lower-cased terms split on non-letter/non-digit characters; no empty terms. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(TERM_SEPARATOR)
    .filter((term) => term !== '');
}

/** Pure: the distinct terms of a query, in first-seen order. */
export function distinctTerms(query: string): string[] {
  return [...new Set(tokenize(query))];
}

function roundScore(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

/**
 * Pure: rounds scores to 3 decimals in 0..1, orders them by score descending then corpus order,
 * keeps the best {@link MAX_HITS} and attaches the documents.
 */
export function rankHits(
  corpus: readonly CorpusDocument[],
  scores: readonly PositionScore[],
): CorpusHit[] {
  const rounded = scores.map(({ position, score }) => ({ position, score: roundScore(score) }));
  rounded.sort((a, b) => b.score - a.score || a.position - b.position);
  const hits: CorpusHit[] = [];
  for (const { position, score } of rounded.slice(0, MAX_HITS)) {
    const document = corpus[position];
    if (document) hits.push({ id: document.id, title: document.title, text: document.text, score });
  }
  return hits;
}

/**
 * Pure apart from a lazily built term index: exact term matching over title and text (no prefix,
 * no fuzziness). A document's score is the fraction of the distinct query terms it contains.
 */
export function createLexicalSearch(corpus: readonly CorpusDocument[]): CorpusSearch {
  let termSets: Set<string>[] | undefined;
  return (query) => {
    const terms = distinctTerms(query);
    if (terms.length === 0) return [];
    termSets ??= corpus.map((doc) => new Set([...tokenize(doc.title), ...tokenize(doc.text)]));
    const scores: PositionScore[] = [];
    termSets.forEach((documentTerms, position) => {
      let shared = 0;
      for (const term of terms) if (documentTerms.has(term)) shared++;
      if (shared > 0) scores.push({ position, score: shared / terms.length });
    });
    return rankHits(corpus, scores);
  };
}
