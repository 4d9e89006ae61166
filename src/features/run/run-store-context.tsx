/**
 * The run store in React (STYLE rule 6): whoever owns a run store (the app for the inspector,
 * the compare store for its lanes) provides it; `useRunStore(selector)` subscribes a component
 * to one slice and `useRunActions()` hands out the store's actions.
 */
import { createStoreContext } from '../../components/store-context';
import type { RunState } from '../../state/run-store';

const context = createStoreContext<RunState>('run store');

/** Provides a given run store (the provider never creates or stops one). */
export const RunStoreProvider = context.Provider;
/** The store itself, for handlers and `subscribe` (values that skip React). */
export const useRunStoreApi = context.useStoreApi;
/** Subscribes to one slice of the run store; pass a module-scope selector. */
export const useRunStore = context.useSelector;
/** The run store's actions (stable: no subscription). */
export const useRunActions = context.useActions;
