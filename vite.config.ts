import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bpeRanksAsJson } from './scripts/bpe-ranks-json.ts';
import { sharePageAsset } from './scripts/share-asset.ts';

/**
 * The app's Content-Security-Policy and security headers, in one place: `vite preview` sends them
 * as headers (`preview.headers` below), and the production build's index.html carries the
 * policy as a `<meta http-equiv>` fallback for a static host that sends none. The dev server gets
 * neither: Vite's dev client injects inline styles and an inline React Refresh preamble.
 *
 * What each directive allows, and why (docs/security.md says the same for readers and for later features):
 * - scripts, styles, workers, fonts and the manifest only from the app's own origin. No
 *   'unsafe-eval': zod validates jitless (`runSchemasJitless` in the page and the eval worker).
 *   No 'unsafe-inline' for styles: React, React Flow and react-resizable-panels set styles through
 *   the CSSOM (`element.style`, constructed sheets), which CSP does not govern; the built CSS is a
 *   file.
 * - `connect-src 'self' http: https:`: the outer bound. The built-in model is same-origin (MSW);
 *   the user's endpoints may be anywhere (a local llama.cpp on http://127.0.0.1, a hosted API),
 *   so the page narrows it at start with a second policy naming the saved endpoints' origins
 *   (src/app/connect-policy.ts; policies combine by intersection).
 * - `img-src 'self' data: blob:`: no remote host. A markdown image in model text is a link that
 *   opens it in a new tab, never fetched (components/MarkdownRendered.tsx).
 * - nothing may frame the app, no plugins, no `<base>`, no form posts.
 */

/** Directive → sources. `frame-ancestors` works only as a header (a meta policy ignores it). */
const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'http:', 'https:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Directives a `<meta http-equiv="Content-Security-Policy">` cannot carry (CSP3 §3.3). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a header value; `forMeta` leaves out what a meta element ignores. */
function policyText(forMeta = false): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .filter(([directive]) => !forMeta || !HEADER_ONLY.has(directive))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Every header `vite preview` sends with every response. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': policyText(),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Legacy twin of frame-ancestors, for browsers that predate it.
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The `<head>` tags of the production build: the policy and the referrer policy. */
function securityMetaTags(): readonly { tag: string; attrs: Record<string, string> }[] {
  return [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: policyText(true) },
    },
    { tag: 'meta', attrs: { name: 'referrer', content: 'no-referrer' } },
  ];
}

/** The production build's index.html carries the policy as meta tags. */
function securityMeta(): Plugin {
  return {
    name: 'loopscope-security-meta',
    apply: 'build',
    transformIndexHtml: () =>
      securityMetaTags().map(({ tag, attrs }) => ({ tag, attrs, injectTo: 'head-prepend' })),
  };
}

/**
 * `vite preview` gzips every response as it sends it (level 6, in its own process, on every
 * request: it keeps no compressed copy). The e2e suite opens every test in a fresh browser context,
 * which fetches the whole app again over loopback, so each test paid for compressing ~3 MB (the
 * token worker's 2 MB alone took 230 ms) and Chromium for inflating it, on the same two cores the
 * test runs on. `PREVIEW_UNCOMPRESSED=1` (playwright.config.ts sets it for its server) sends the
 * files as they are; the bench's preview keeps compression, since its first-load figures are
 * about what a real link carries.
 */
function uncompressedPreview(): Plugin {
  return {
    name: 'loopscope-uncompressed-preview',
    configurePreviewServer(server) {
      if (process.env['PREVIEW_UNCOMPRESSED'] !== '1') return;
      // Runs before the compression middleware, which compresses only what the request accepts.
      server.middlewares.use((request, _response, next) => {
        delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}

export default defineConfig({
  // The share page (Export → HTML page) rides along as dist/share.html: scripts/share-asset.ts.
  // The tokenizer's rank tables as JSON (scripts/bpe-ranks-json.ts), in the page and the workers.
  plugins: [
    react(),
    tailwindcss(),
    securityMeta(),
    sharePageAsset(),
    bpeRanksAsJson(),
    uncompressedPreview(),
  ],
  worker: { plugins: () => [bpeRanksAsJson()] },
  preview: { headers: SECURITY_HEADERS },
  build: {
    rolldownOptions: {
      output: {
        // zod in one chunk of its own, loaded with the first part that validates (a user's file,
        // the editor, the importers), not by the first paint. It runs jitless wherever it loads:
        // app/schema-mode, the entry's first import, sets zod's global config before (so zod
        // never probes `new Function` under the policy above); it must stay out of this chunk.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // Other tools' traces: loaded with the first file opened, not by the first paint.
            {
              name: 'otel',
              test: /src[\\/]engine[\\/](otel|files[\\/]open)/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // Everything the entry imports statically, in the entry's chunk. Left to itself,
            // rolldown gives each module that the entry and a lazy chunk share a chunk of its own,
            // though the entry has always loaded it first (rolldown/rolldown#10731, Vite's HTML
            // entry): the first paint fetched 39 files of a few KB, 6 at a time. Now it fetches
            // one, with the same code; lazy chunks import what they share from it.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
