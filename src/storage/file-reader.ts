/**
 * The engine's file reader, on its own so that `kept-file.ts` loads it (and with it zod and the
 * importers) only when a kept file is first read back, not with the library.
 */
export { openFileText } from '../engine';
