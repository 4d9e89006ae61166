/**
 * What a run needs of the engine, in one chunk the page loads on first use (`run-engine.ts`):
 * starting a run (the loop, its tools and minisearch) and choosing its model (the OpenAI client,
 * the scripted and simulated models), and testing an endpoint (the same client).
 */
export { testConnection } from '../engine';
export { startRun } from './start-run';
export { createModelChooser } from './run-model';
