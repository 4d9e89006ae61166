import { describe, expect, it } from 'vitest';
import { STREAM_TAIL_CHARS, streamingTail } from './streaming-tail';

describe('a reply while it streams', () => {
  it('shows in full while it is short', () => {
    expect(streamingTail('Thought: look at the order')).toBe('Thought: look at the order');
  });

  it('shows only its tail once long, after a line that counts what came before', () => {
    const reply = `${'a'.repeat(10_000_000)}THE END`;
    const shown = streamingTail(reply);
    expect(shown.endsWith('THE END')).toBe(true);
    expect(shown.startsWith('… 9,996,007 earlier characters')).toBe(true);
    expect(shown.split('\n')[1]).toHaveLength(STREAM_TAIL_CHARS);
  });
});
