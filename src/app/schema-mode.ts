/**
 * Imported first by main.tsx (the page) and share/main.tsx: zod validates jitless, with no
 * compiled parsers. By default zod probes `new Function` when a `z.object` schema is *defined*,
 * which a Content-Security-Policy without 'unsafe-eval' reports as a violation (vite.config.ts).
 *
 * The page loads zod late (with the first user's file, the editor, an import), so this does not
 * import it: zod's configuration lives on `globalThis.__zod_globalConfig`, which zod's core adopts
 * when it loads (`globalThis.__zod_globalConfig ??= {}` in zod/v4/core/core.js) and reads
 * before any schema is defined. Setting `jitless` there first holds for whichever chunk brings
 * zod in, in whatever order. schema-mode.test.ts checks that zod sees it. The CLI does not do
 * this: Node has no CSP, and the compiled path is faster.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
