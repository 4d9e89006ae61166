/** The eval matrix view. See README.md. */
export { EvalView, type EvalViewProps } from './EvalView';
