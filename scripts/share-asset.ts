/**
 * The share page in the main app: `npm run build` emits it as `share.html` beside `index.html`,
 * and `npm run dev` serves it at `/share.html`; both build it with `vite.share.config.ts` in
 * memory (nothing written to dist-share). Export → HTML page fetches it from the same origin.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The share page's file name, in dist/ and on the dev server. */
export const SHARE_PAGE = 'share.html';

/** Builds the share page in memory and returns its HTML. */
export async function buildSharePage(): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: path.join(ROOT, 'vite.share.config.ts'),
    root: ROOT,
    // A production page in `npm run dev` too (React's production build, minified).
    mode: 'production',
    logLevel: 'warn',
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
    'output' in each ? each.output : [],
  );
  const page = outputs.find((output) => output.fileName === SHARE_PAGE);
  if (!page || page.type !== 'asset') throw new Error('share page: the build wrote no share.html');
  return String(page.source);
}

/** The main config's plugin: the share page as an asset of the build, and a route in dev. */
export function sharePageAsset(): Plugin {
  return {
    name: 'loopscope-share-page-asset',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHARE_PAGE, source: await buildSharePage() });
    },
    configureServer(server) {
      server.middlewares.use(`/${SHARE_PAGE}`, (_request, response, next) => {
        buildSharePage().then((html) => {
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(html);
        }, next);
      });
    },
  };
}
