import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CLIP_CHARS, Clipped, ClippedLine, clipLine, clipText, LINE_CHARS } from './Clipped';

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

describe('one line of long text', () => {
  it('a label or a tooltip keeps its text while it is short', () => {
    expect(clipLine('search_logs')).toBe('search_logs');
  });

  it('a 100,000-character tool name shows as a label of its start', () => {
    const line = clipLine('y'.repeat(100_000));
    expect(line).toBe(`${'y'.repeat(LINE_CHARS)}…`);
  });

  it('renders the cut line with the same cut as its tooltip, laid out on its own', () => {
    const html = renderToString(<ClippedLine text={'z'.repeat(100_000)} />);
    expect(html).toContain(`title="${'z'.repeat(LINE_CHARS)}…"`);
    expect(html).not.toContain('z'.repeat(LINE_CHARS + 1));
    expect(html).toContain('truncate');
  });
});
