/** Relevance search over a corpus (the `rag_search` tool): BM25 via minisearch, scored 0..1. */
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { CorpusDocument } from '../scenario/types';
import { type CorpusSearch, type PositionScore, distinctTerms, rankHits, tokenize } from './corpus';

interface IndexedDocument {
  readonly position: number;
  readonly title: string;
  readonly text: string;
}

/** Prefix matching only from 3 characters: shorter prefixes match nearly every document. */
const MIN_PREFIX_LENGTH = 3;
/** Light fuzziness (edit distance ≈ 20% of the term) only for terms long enough to carry a typo. */
const MIN_FUZZY_LENGTH = 5;
const FUZZINESS = 0.2;

const SEARCH_OPTIONS: SearchOptions = {
  combineWith: 'OR',
  prefix: (term) => term.length >= MIN_PREFIX_LENGTH,
  fuzzy: (term) => (term.length >= MIN_FUZZY_LENGTH ? FUZZINESS : false),
};

function buildIndex(corpus: readonly CorpusDocument[]): MiniSearch<IndexedDocument> {
  const index = new MiniSearch<IndexedDocument>({
    idField: 'position',
    fields: ['title', 'text'],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
  });
  index.addAll(corpus.map((doc, position) => ({ position, title: doc.title, text: doc.text })));
  return index;
}

/**
 * Pure apart from a minisearch index built lazily on the first search. Ranks by BM25 with prefix
 * and light fuzzy matching; score = coverage × (bm25 / top bm25), where coverage is the fraction
 * of distinct query terms the document matched, so 1.0 means the top document covers the query.
 */
export function createRagSearch(corpus: readonly CorpusDocument[]): CorpusSearch {
  let index: MiniSearch<IndexedDocument> | undefined;
  return (query) => {
    const terms = distinctTerms(query);
    if (terms.length === 0) return [];
    index ??= buildIndex(corpus);
    const results = index.search(terms.join(' '), SEARCH_OPTIONS);
    let top = 0;
    for (const result of results) if (result.score > top) top = result.score;
    if (top <= 0) return [];
    const scores: PositionScore[] = results.map((result) => {
      const coverage = new Set(result.queryTerms).size / terms.length;
      return { position: result.id as number, score: coverage * (result.score / top) };
    });
    return rankHits(corpus, scores);
  };
}
