/**
 * The app's one saved-settings store, provided to the views that save settings (the inspector's
 * settings) or pick them (the eval matrix). Without a provider the features hide their parts.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { SavedConfigsState, SavedConfigsStore } from '../../state/saved-configs';

const SavedConfigsContext = createContext<SavedConfigsStore | null>(null);

export function SavedConfigsProvider({
  store,
  children,
}: {
  readonly store: SavedConfigsStore;
  readonly children: ReactNode;
}) {
  return <SavedConfigsContext value={store}>{children}</SavedConfigsContext>;
}

/** The provided store, or null when none is (the parts that need it are not shown). */
export function useSavedConfigsApi(): SavedConfigsStore | null {
  return useContext(SavedConfigsContext);
}

const EMPTY_STORE_STATE: SavedConfigsState = {
  configs: [],
  warning: null,
  save: () => ({ ok: false, problem: 'empty', message: 'Saving settings is not available here.' }),
  remove: () => undefined,
};
const emptyStore = {
  getState: () => EMPTY_STORE_STATE,
  getInitialState: () => EMPTY_STORE_STATE,
  setState: () => undefined,
  subscribe: () => () => undefined,
} as unknown as SavedConfigsStore;

/** Subscribes to one slice of the saved settings; pass a module-scope selector. */
export function useSavedConfigs<T>(selector: (state: SavedConfigsState) => T): T {
  return useStore(useContext(SavedConfigsContext) ?? emptyStore, selector);
}
