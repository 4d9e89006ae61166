import { z } from 'zod';

/**
 * Imported first by main.tsx (the page): zod validates jitless, with no compiled parsers. By default zod
 * probes `new Function` when a `z.object` schema is *defined*, which a Content-Security-Policy
 * without 'unsafe-eval' reports as a violation (vite.config.ts). So this runs before
 * any module that defines a schema (the engine's) is evaluated: it imports zod alone, never the
 * engine. The CLI does not do this: Node has no CSP, and the compiled path is faster.
 */
z.config({ jitless: true });
