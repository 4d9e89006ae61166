/** The compare view's store in React: created once per view, read through narrow selectors. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { CompareState, CompareStore } from '../../state/compare-store';

export const CompareStoreContext = createContext<CompareStore | null>(null);

/** The store itself, for handlers. */
export function useCompareApi(): CompareStore {
  const store = useContext(CompareStoreContext);
  if (!store) throw new Error('Loopscope: useCompare needs the compare view above it');
  return store;
}

/** Subscribes to one slice of the compare store; pass a module-scope selector. */
export function useCompare<T>(selector: (state: CompareState) => T): T {
  return useStore(useCompareApi(), selector);
}
