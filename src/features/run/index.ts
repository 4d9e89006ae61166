/** The run store in React: one provider per mounted run view, narrow subscriptions. See README.md. */
export {
  RunStoreProvider,
  useRunStore,
  useRunStoreApi,
  type RunStoreProviderProps,
} from './run-store-context';
