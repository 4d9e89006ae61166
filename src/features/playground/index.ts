/** The playground: run one scenario and watch its steps. See README.md. */
export { RunView, type RunViewProps } from './RunView';
export { RunStoreProvider, useRunStore, useRunStoreApi } from '../run';
