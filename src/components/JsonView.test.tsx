import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonView } from './JsonView';

const render = (value: unknown) => renderToString(<JsonView value={value} />);

describe('the JSON view', () => {
  it('escapes keys and values: a tool result cannot inject markup', () => {
    const html = render({ '<b>key</b>': '<img src=x onerror=alert(1)>' });
    expect(html).not.toMatch(/<img|<b>/);
    expect(html).toContain('&lt;b&gt;key&lt;/b&gt;');
  });

  it('cuts a long string and offers the rest', () => {
    const html = render({ text: 'a'.repeat(1000) });
    expect(html).not.toContain('a'.repeat(300));
    expect(html).toMatch(/show more \(<!-- -->760<!-- --> more characters\)/);
  });

  it('shows the first 50 items of a big array and offers the rest', () => {
    const html = render(Array.from({ length: 120 }, (_, i) => i));
    expect(html).toContain('[120 items]');
    expect(html).toMatch(/show more \(<!-- -->70<!-- --> more <!-- -->items/);
  });

  it('opens small containers and folds big nested ones', () => {
    const html = render({
      small: { a: 1 },
      big: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])),
    });
    expect(html.match(/<details open=""/g)).toHaveLength(2);
  });

  it('shows primitives and empty containers as they are', () => {
    expect(render(null)).toContain('null');
    expect(render([])).toContain('[]');
    expect(render(true)).toContain('true');
  });
});
