/** The run store in React: a provider for a given run store, narrow subscriptions. See README.md. */
export { RunStoreProvider, useRunActions, useRunStore, useRunStoreApi } from './run-store-context';
