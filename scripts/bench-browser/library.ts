/**
 * The browser bench's `library.*` figures: `library-entry.ts` bundled for the page with vite's
 * own build (in memory, no config file), run in a page of the served app's origin (so IndexedDB
 * is the origin's, as the app's is), in a context that bypasses the page's CSP: the bundle is
 * evaluated through DevTools, and its zod is not switched jitless as the app's is.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { BenchError, root } from './common';
import type { BrowserLibraryFigures } from './library-entry';

export type { BrowserLibraryFigures } from './library-entry';

/** The global the bundle defines: the entry's exports. */
const GLOBAL = 'loopscopeLibraryBench';

async function bundle(): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: path.join(root, 'scripts', 'bench-browser', 'library-entry.ts'),
        formats: ['iife'],
        name: GLOBAL,
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new BenchError('the library bench did not bundle');
}

/** Measures the library in a fresh page of `base`'s origin; the context is closed after. */
export async function measureLibrary(
  browser: Browser,
  base: string,
): Promise<BrowserLibraryFigures> {
  const code = await bundle();
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(`${code}\n;globalThis.${GLOBAL} = ${GLOBAL};`);
    return (await page.evaluate(`globalThis.${GLOBAL}.measureLibrary()`)) as BrowserLibraryFigures;
  } finally {
    await context.close();
  }
}
