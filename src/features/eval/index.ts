/** The eval matrix view, and the Web Worker its store runs on in the browser. See README.md. */
export { EvalView, type EvalViewProps } from './EvalView';
export { browserEvalWorker } from './browser-worker';
