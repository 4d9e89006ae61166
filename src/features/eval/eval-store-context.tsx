/**
 * One eval store per mounted eval view: the view creates it and hands it down;
 * `useEvalStore(selector)` subscribes a component to one slice.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EvalState, EvalStore } from '../../state/eval-store';

export const EvalStoreContext = createContext<EvalStore | null>(null);

/** The store itself, for handlers. */
export function useEvalStoreApi(): EvalStore {
  const store = useContext(EvalStoreContext);
  if (!store) throw new Error('Loopscope: useEvalStore needs an <EvalView> above it');
  return store;
}

/** Subscribes to one slice of the eval store; pass a module-scope selector. */
export function useEvalStore<T>(selector: (state: EvalState) => T): T {
  return useStore(useEvalStoreApi(), selector);
}
