import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CLIP_CHARS, Clipped, clipText } from './Clipped';

describe('long text', () => {
  it('shows in full while it is short', () => {
    expect(clipText('Thought: look at the order')).toEqual({
      shown: 'Thought: look at the order',
      hidden: 0,
    });
  });

  it('a 100,000-character word shows its start and a button for the rest', () => {
    const word = 'x'.repeat(100_000);
    const html = renderToString(<Clipped text={word}>{(shown) => <p>{shown}</p>}</Clipped>);
    expect(html).toContain(`${'x'.repeat(CLIP_CHARS)}…</p>`);
    expect(html).not.toContain('x'.repeat(CLIP_CHARS + 1));
    expect(html).toContain('Show all (96,000 more characters)');
  });

  it('is never cut inside a character that takes two code units', () => {
    const text = `${'a'.repeat(CLIP_CHARS - 1)}😀 and more`;
    expect(clipText(text).shown).toBe(`${'a'.repeat(CLIP_CHARS - 1)}…`);
  });
});
