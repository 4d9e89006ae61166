/**
 * One run store per mounted run view (STYLE rule 6): the provider creates it once from its
 * props and hands it down; `useRunStore(selector)` subscribes a component to one slice.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Scenario } from '../../engine';
import {
  createRunStore,
  type RunState,
  type RunStore,
  type RunStoreDeps,
  type RunStoreInitial,
} from '../../state/run-store';

const RunStoreContext = createContext<RunStore | null>(null);

export interface RunStoreProviderProps {
  /** Read once, when the provider mounts; later changes are ignored (remount with a `key`). */
  readonly initial: RunStoreInitial;
  readonly scenarios: readonly Scenario[];
  /** The runner's I/O (clock, model choice); read once, like `initial`. */
  readonly deps?: RunStoreDeps;
  readonly children: ReactNode;
}

/** Creates the run view's store and stops its live run when the view unmounts. */
export function RunStoreProvider({ initial, scenarios, deps, children }: RunStoreProviderProps) {
  const [store] = useState(() => createRunStore(initial, { scenarios, ...(deps ? { deps } : {}) }));
  // The runner's lifecycle: a run must not outlive the view that shows it.
  useEffect(() => () => store.getState().actions.stop(), [store]);
  return <RunStoreContext value={store}>{children}</RunStoreContext>;
}

/** The store itself, for handlers and `subscribe` (values that skip React). */
export function useRunStoreApi(): RunStore {
  const store = useContext(RunStoreContext);
  if (!store) throw new Error('Loopscope: useRunStore needs a <RunStoreProvider> above it');
  return store;
}

/** Subscribes to one slice of the run store; pass a module-scope selector. */
export function useRunStore<T>(selector: (state: RunState) => T): T {
  return useStore(useRunStoreApi(), selector);
}
