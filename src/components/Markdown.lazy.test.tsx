import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, preloadMarkdown } from './Markdown';

describe('markdown loaded when first shown', () => {
  it('shows the text as plain text until the renderer arrives, then the markdown', async () => {
    const text = 'The **index** lacks a shard. <img src=x onerror=alert(1)>';
    const before = renderToString(<Markdown>{text}</Markdown>);
    expect(before).not.toContain('<strong>');
    expect(before).toContain('The **index** lacks a shard. &lt;img');
    await preloadMarkdown();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = renderToString(<Markdown>{text}</Markdown>);
    expect(after).toContain('<strong>index</strong>');
    expect(after).not.toMatch(/<img/);
  });
});
