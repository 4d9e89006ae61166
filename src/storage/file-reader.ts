/**
 * Reading a kept file's text again, on its own so that `kept-file.ts` loads it (and with it the
 * engine's readers: zod, the importers) only when a kept file is first read back, not with the
 * library. `openFileTextFast` reads a native trace by the fast path alone (0.2–0.3 s less for
 * 100,000 steps) and anything else as the opener does.
 */
export { openFileTextFast } from '../engine';
