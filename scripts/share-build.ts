/**
 * The share page's build (`vite.share.config.ts`): one HTML file with its script and stylesheet
 * inlined and its own Content-Security-Policy, whose hashes allow exactly those two elements.
 * The pure steps are exported for tests; `singleFilePage()` is the Vite plugin that runs them.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** What the bundle holds for the page: file name (as the HTML refers to it) → content. */
export interface PageFiles {
  readonly scripts: ReadonlyMap<string, string>;
  readonly styles: ReadonlyMap<string, string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Pure: code that can sit in an inline `<script>`: `</script` and `<!--` are written with `\x3C`
 * (the minifier's output has them only inside strings, regular expressions and templates, where
 * `\x3C` reads as `<`).
 */
export function inlineSafe(code: string): string {
  return code.replace(/<(\/script|!--)/gi, '\\x3C$1');
}

/**
 * Pure: the page with each `<script type="module" src>` of `files.scripts` and each stylesheet
 * `<link>` of `files.styles` replaced by an inline element. Throws when a reference to another
 * file is left (a chunk, a stylesheet, an icon): the page must need no other file.
 */
export function inlineAssets(html: string, files: PageFiles): string {
  let page = html;
  for (const [name, code] of files.scripts) {
    const tag = new RegExp(
      `<script type="module"[^>]*?src="[./]*${escapeRegExp(name)}"[^>]*></script>`,
    );
    page = page.replace(tag, () => `<script type="module">${inlineSafe(code.trim())}</script>`);
  }
  for (const [name, css] of files.styles) {
    const tag = new RegExp(`<link rel="stylesheet"[^>]*?href="[./]*${escapeRegExp(name)}"[^>]*>`);
    page = page.replace(tag, () => `<style>${css.replace(/<\/style/gi, '\\3C/style')}</style>`);
  }
  // The markup only: code and CSS inside the inlined elements may spell tags in strings.
  const markup = page.replace(/<(script|style)(\s[^>]*)?>[\s\S]*?<\/\1>/g, '<$1$2></$1>');
  const left = [...markup.matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="([^"]*)"/g)].map(
    (match) => match[1],
  );
  if (left.length > 0) {
    throw new Error(`share page: references files it does not carry: ${left.join(', ')}`);
  }
  return page;
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Pure: the hashes of the page's inline elements of one kind (`script` with code, or `style`). */
function hashes(html: string, tag: 'script' | 'style'): string[] {
  const element = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(element)]
    .filter((match) => !/type="application\/json"/.test(match[1] ?? ''))
    .map((match) => sha256(match[2] ?? ''));
}

/**
 * Pure: the page's policy. Nothing may load or connect (`default-src 'none'`, so no
 * `connect-src`): only its own inline script and style, by hash, and `data:` images and fonts.
 * A data block (`type="application/json"`, the run) is not executed and needs no hash.
 */
export function sharePolicy(html: string): string {
  return [
    "default-src 'none'",
    `script-src ${hashes(html, 'script').join(' ')}`,
    `style-src ${hashes(html, 'style').join(' ')}`,
    'img-src data:',
    'font-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Pure: the page with its policy as the first element of `<head>`. */
export function withPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${sharePolicy(html)}" />`;
  return html.replace(/<head>/, () => `<head>\n    ${meta}`);
}

/**
 * Pure: a one-chunk build's code with Vite's preload markers made empty. The app's lazy parts
 * (`import()`) are inlined here (`codeSplitting: false`), so Vite finds no import to pair a
 * marker with and leaves `__VITE_PRELOAD__` undefined in the code; nothing is left to preload.
 */
export function withoutPreloads(code: string): string {
  return code.replaceAll('__VITE_PRELOAD__', 'void 0');
}

/** The Vite plugin: inline the entry's chunk and stylesheet into the page, then add its policy. */
export function singleFilePage(): Plugin {
  return {
    name: 'loopscope-single-file-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const scripts = new Map<string, string>();
        const styles = new Map<string, string>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') scripts.set(output.fileName, withoutPreloads(output.code));
          else if (output.fileName.endsWith('.css'))
            styles.set(output.fileName, String(output.source));
        }
        const page = withPolicy(inlineAssets(html, { scripts, styles }));
        // Inlined: not written as files of their own.
        for (const name of [...scripts.keys(), ...styles.keys()]) delete bundle[name];
        return page;
      },
    },
  };
}
