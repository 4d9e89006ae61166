import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineAssets, inlineSafe, sharePolicy, withPolicy } from './share-build';

const PAGE = [
  '<!doctype html><html><head>',
  '<script type="module" crossorigin src="./assets/share-1.js"></script>',
  '<link rel="stylesheet" crossorigin href="./assets/style-1.css">',
  '</head><body><script type="application/json" id="loopscope-run">null</script></body></html>',
].join('\n');

const files = {
  scripts: new Map([['assets/share-1.js', 'const a = "</script><!-- x";\n']]),
  styles: new Map([['assets/style-1.css', 'body{margin:0}']]),
};

const hash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the share page build', () => {
  it('inlines the entry script and the stylesheet; no file is referenced', () => {
    const page = inlineAssets(PAGE, files);
    expect(page).toContain('<script type="module">const a = "\\x3C/script>\\x3C!-- x";</script>');
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).not.toMatch(/src=|href=/);
  });

  it('refuses a page that still refers to a file it does not carry', () => {
    const withIcon = PAGE.replace('<head>', '<head><link rel="icon" href="/favicon.svg">');
    expect(() => inlineAssets(withIcon, files)).toThrow(/\/favicon\.svg/);
  });

  it('reads tags spelt inside the inlined code as code, not as references', () => {
    const spelt = {
      ...files,
      scripts: new Map([['assets/share-1.js', 'warn(`<link rel="x" href="${href}">`)']]),
    };
    expect(inlineAssets(PAGE, spelt)).toContain('warn(`<link rel="x" href="${href}">`)');
  });

  it('writes `</script` and `<!--` in code so an inline element cannot end early', () => {
    expect(inlineSafe('x("</SCRIPT>", "<!--")')).toBe('x("\\x3C/SCRIPT>", "\\x3C!--")');
  });

  it('allows only its own script and style by hash, and nothing to load or connect', () => {
    const page = inlineAssets(PAGE, files);
    const policy = sharePolicy(page);
    const script = 'const a = "\\x3C/script>\\x3C!-- x";';
    expect(policy).toBe(
      [
        "default-src 'none'",
        `script-src ${hash(script)}`,
        `style-src ${hash('body{margin:0}')}`,
        'img-src data:',
        'font-src data:',
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
    );
    expect(policy).not.toContain('connect-src');
  });

  it('puts the policy first in <head>', () => {
    const page = withPolicy(inlineAssets(PAGE, files));
    expect(page).toMatch(
      /^<!doctype html><html><head>\n {4}<meta http-equiv="Content-Security-Policy" content="default-src 'none'; /,
    );
  });
});
