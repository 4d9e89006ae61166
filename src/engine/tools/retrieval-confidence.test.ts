import { describe, expect, it } from 'vitest';
import type { CorpusHit } from './corpus';
import { createScenarioExecutor } from './executor';
import { isHighConfidence, retrievalConfidence } from './results';
import { SUPPORT_CORPUS, scenarioWith } from './test-scenarios';

const sources = (...scores: number[]) => scores.map((score, index) => ({ id: `s${index}`, score }));

describe('retrievalConfidence', () => {
  it('reports top, mean and count of scored sources', () => {
    expect(retrievalConfidence(sources(0.5, 0.9, 0.4))).toEqual({ top: 0.9, mean: 0.6, count: 3 });
  });

  it('is null for anything but a non-empty array of objects with numeric scores', () => {
    expect(retrievalConfidence([])).toBeNull();
    expect(retrievalConfidence({ score: 0.9 })).toBeNull();
    expect(retrievalConfidence([{ score: 0.9 }, { title: 'no score' }])).toBeNull();
    expect(retrievalConfidence([{ score: '0.9' }])).toBeNull();
    expect(retrievalConfidence([{ score: Number.NaN }])).toBeNull();
    expect(retrievalConfidence([0.9])).toBeNull();
  });

  it('reads a corpus search result directly', () => {
    const executor = createScenarioExecutor(scenarioWith([], SUPPORT_CORPUS));
    const hits = executor.run({ tool: 'rag_search', args: { query: 'shipping days' } }).result;
    const confidence = retrievalConfidence(hits);
    expect(confidence).toMatchObject({ top: 1, count: (hits as CorpusHit[]).length });
    expect(confidence && isHighConfidence(confidence)).toBe(true);
  });
});

describe('the LLARS high-confidence rule', () => {
  it('needs a top score strictly above 0.75', () => {
    expect(isHighConfidence({ top: 0.75, mean: 0.5, count: 1 })).toBe(false);
    expect(isHighConfidence({ top: 0.751, mean: 0.5, count: 1 })).toBe(true);
  });

  it('accepts a mean above 0.6 over at least 3 sources', () => {
    expect(isHighConfidence({ top: 0.7, mean: 0.61, count: 3 })).toBe(true);
    expect(isHighConfidence({ top: 0.7, mean: 0.61, count: 2 })).toBe(false);
    expect(isHighConfidence({ top: 0.7, mean: 0.6, count: 3 })).toBe(false);
  });

  it('applies to measured sources the same way', () => {
    const three = retrievalConfidence(sources(0.7, 0.62, 0.51));
    const two = retrievalConfidence(sources(0.7, 0.52));
    expect(three && isHighConfidence(three)).toBe(true);
    expect(two && isHighConfidence(two)).toBe(false);
  });
});
