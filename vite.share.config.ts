import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { singleFilePage } from './scripts/share-build.ts';

/**
 * The share page (`npm run build:share` → `dist-share/share.html`): the read-only inspector of
 * `src/share/main.tsx` as ONE file, opened from `file://` with no server. Everything is inlined:
 * one chunk (no code splitting), the stylesheet, every asset as a `data:` URI; its own policy
 * allows no request at all (scripts/share-build.ts). The main build emits it as `share.html`
 * too (vite.config.ts), which Export → HTML page fetches.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), singleFilePage()],
  base: './',
  publicDir: false,
  build: {
    outDir: 'dist-share',
    emptyOutDir: true,
    // Every asset as a data: URI: the page may load no file.
    assetsInlineLimit: () => true,
    cssCodeSplit: false,
    modulePreload: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      input: 'share.html',
      output: { codeSplitting: false },
    },
  },
});
