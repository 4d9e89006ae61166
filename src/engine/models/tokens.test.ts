import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { AppendLog } from '../util/append-log';
import { RUN_SLICE, countInSlices, createTokenCounter } from './tokens';

/** A count that records what it was asked to tokenise (the work), one token per character. */
function recording() {
  const seen: string[] = [];
  const count = (text: string) => {
    seen.push(text);
    return text.length;
  };
  return { seen, count };
}

describe('token counting on hostile text', () => {
  it('tokenises a 100,000-character run in slices, so the work grows linearly', () => {
    const { seen, count } = recording();
    const counter = createTokenCounter(count);
    expect(counter.countText('-'.repeat(100_000))).toBe(100_000);
    expect(seen).toHaveLength(100_000 / RUN_SLICE);
    expect(Math.max(...seen.map((text) => text.length))).toBe(RUN_SLICE);
  });

  it('slices a long run in an observation or a prompt too, and keeps the text around it whole', () => {
    const { seen, count } = recording();
    const counter = createTokenCounter(count);
    const content = `Observation: ${'a'.repeat(250)} end`;
    counter.countContext(AppendLog.of([{ role: 'user', content }]));
    expect(seen).toEqual([
      'Observation: ',
      'a'.repeat(100),
      'a'.repeat(100),
      'a'.repeat(50),
      ' end',
    ]);
  });

  it('counts ordinary text in one piece, as the tokenizer does', () => {
    const sentence = 'Order O-1001 shipped 32 days ago; the parcel is held at the depot.';
    expect(countInSlices(sentence, countTokens)).toBe(countTokens(sentence));
    const { seen, count } = recording();
    countInSlices(sentence, count);
    expect(seen).toEqual([sentence]);
  });

  it('never cuts a character that takes two code units', () => {
    const { seen, count } = recording();
    countInSlices(`${'a'.repeat(RUN_SLICE - 1)}😀${'b'.repeat(RUN_SLICE)}`, count);
    expect(seen[0]).toBe('a'.repeat(RUN_SLICE - 1));
    expect(seen[1]?.startsWith('😀')).toBe(true);
  });

  it('still gives a real count for a long run with the real tokenizer', () => {
    const tokens = countInSlices('-'.repeat(20_000), countTokens);
    expect(tokens).toBeGreaterThan(0);
    expect(tokens).toBeLessThanOrEqual(20_000);
  });
});

describe('the default counter, gpt-tokenizer loaded at the first count', () => {
  it('waits for the tokenizer once, then counts at once, with the same numbers', async () => {
    const counter = createTokenCounter();
    const text = 'Order O-1001 shipped 32 days ago; the parcel is held at the depot.';
    const first = counter.countText(text);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(countTokens(text));
    const later = counter.countContext(AppendLog.of([{ role: 'user', content: text }]));
    expect(later).toBe(countTokens(text) + 6);
  });
});
