import { describe, expect, it } from 'vitest';
import type { CorpusDocument } from '../scenario/types';
import type { CorpusHit } from './corpus';
import { createScenarioExecutor } from './executor';
import { SUPPORT_CORPUS, scenarioWith } from './test-scenarios';

const executor = createScenarioExecutor(scenarioWith([], SUPPORT_CORPUS));

function search(tool: 'rag_search' | 'lexical_search', query: string): CorpusHit[] {
  const outcome = executor.run({ tool, args: { query } });
  if (!outcome.ok) throw new Error(`search failed: ${JSON.stringify(outcome)}`);
  return outcome.result as CorpusHit[];
}

const ids = (hits: readonly CorpusHit[]) => hits.map((hit) => hit.id);

describe('lexical_search', () => {
  it('finds English documents sharing a term, case-insensitively', () => {
    expect(ids(search('lexical_search', 'SHIPPING'))).toEqual(['shipping']);
  });

  it('keeps German umlauts and ß inside terms', () => {
    expect(search('lexical_search', 'Öffnungszeiten')[0]).toMatchObject({ id: 'hours', score: 1 });
    expect(search('lexical_search', 'öffnungszeiten')[0]?.id).toBe('hours');
    expect(ids(search('lexical_search', 'Hauptstraße Bäckerei'))).toEqual(['directions']);
    expect(search('lexical_search', 'offnungszeiten')).toEqual([]);
  });

  it('matches decomposed umlauts typed on another keyboard (NFC normalised)', () => {
    expect(ids(search('lexical_search', 'O\u0308ffnungszeiten'))).toEqual(['hours']);
  });

  it('scores a document by the fraction of distinct query terms it contains', () => {
    const hits = search('lexical_search', 'return policy return zebra');
    expect(hits).toEqual([{ ...SUPPORT_CORPUS[0], score: 0.667 }]);
  });

  it('returns the whole document with id, title and text', () => {
    expect(search('lexical_search', 'Anfahrt')).toEqual([{ ...SUPPORT_CORPUS[4], score: 1 }]);
  });
});

describe('rag_search versus lexical_search', () => {
  it('rag_search matches by prefix where lexical_search needs the exact term', () => {
    expect(ids(search('lexical_search', 'refund'))).toEqual(['returns']);
    expect(ids(search('rag_search', 'refund')).sort()).toEqual(['refunds', 'returns']);
  });

  it('rag_search forgives a small typo in a long German term; lexical_search does not', () => {
    expect(search('lexical_search', 'Öffnungszeitn')).toEqual([]);
    expect(ids(search('rag_search', 'Öffnungszeitn'))).toEqual(['hours']);
  });

  it('rag_search scores 1 only for a top document that covers the whole query', () => {
    expect(search('rag_search', 'shipping days')[0]).toMatchObject({ id: 'shipping', score: 1 });
    const partial = search('rag_search', 'shipping zebra');
    expect(partial[0]).toMatchObject({ id: 'shipping', score: 0.5 });
  });
});

describe('corpus search results', () => {
  it('keep scores within 0..1, rounded to 3 decimals and sorted best first', () => {
    for (const tool of ['rag_search', 'lexical_search'] as const) {
      for (const query of [
        'business days refund',
        'shipping',
        'bis 18 Uhr Lager',
        'return items',
      ]) {
        const scores = search(tool, query).map((hit) => hit.score);
        expect(scores.length).toBeGreaterThan(0);
        for (const score of scores) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
          expect(Math.round(score * 1000) / 1000).toBe(score);
        }
        expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      }
    }
  });

  it('hold at most 5 documents, ties in corpus order', () => {
    const corpus: CorpusDocument[] = Array.from({ length: 8 }, (_, index) => ({
      id: `doc-${index}`,
      title: `Widget note ${index}`,
      text: 'Every widget ships boxed.',
    }));
    const many = createScenarioExecutor(scenarioWith([], corpus));
    for (const tool of ['rag_search', 'lexical_search']) {
      const hits = many.run({ tool, args: { query: 'widget' } }).result as CorpusHit[];
      expect(ids(hits)).toEqual(['doc-0', 'doc-1', 'doc-2', 'doc-3', 'doc-4']);
    }
  });

  it('are [] when nothing matches or the query has no terms', () => {
    for (const tool of ['rag_search', 'lexical_search'] as const) {
      expect(search(tool, 'xylophone')).toEqual([]);
      expect(search(tool, '')).toEqual([]);
      expect(search(tool, '  ?! ')).toEqual([]);
    }
  });

  it('are the same on every run and across executors', () => {
    const again = createScenarioExecutor(scenarioWith([], SUPPORT_CORPUS));
    const first = search('rag_search', 'business days refund');
    expect(search('rag_search', 'business days refund')).toEqual(first);
    expect(
      again.run({ tool: 'rag_search', args: { query: 'business days refund' } }).result,
    ).toEqual(first);
  });
});

describe('a corpus tool call', () => {
  it('searches with the first string argument in argument order', () => {
    const outcome = executor.run({
      tool: 'lexical_search',
      args: { k: 3, q: 'Anfahrt', lang: 'de' },
    });
    expect(ids(outcome.result as CorpusHit[])).toEqual(['directions']);
  });

  it('fails when no argument is a string', () => {
    expect(executor.run({ tool: 'rag_search', args: { k: 3 } })).toEqual({
      ok: false,
      result: { error: 'rag_search needs a query string.' },
    });
    expect(executor.run({ tool: 'lexical_search', args: {} }).result).toEqual({
      error: 'lexical_search needs a query string.',
    });
  });

  it('is answered by a matching fixture before the corpus', () => {
    const withFixture = createScenarioExecutor(
      scenarioWith(
        [{ tool: 'rag_search', args: { query: 'refund' }, result: 'canned' }],
        SUPPORT_CORPUS,
      ),
    );
    expect(withFixture.run({ tool: 'rag_search', args: { query: ' refund ' } }).result).toBe(
      'canned',
    );
    expect(withFixture.run({ tool: 'rag_search', args: { query: 'shipping' } }).ok).toBe(true);
  });
});
