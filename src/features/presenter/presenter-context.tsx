/** The presenter's store in React: one per presentation, read through narrow selectors. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PresenterState, PresenterStore } from '../../state/presenter-store';

export const PresenterStoreContext = createContext<PresenterStore | null>(null);

/** The store itself, for handlers. */
export function usePresenterApi(): PresenterStore {
  const store = useContext(PresenterStoreContext);
  if (!store) throw new Error('Loopscope: usePresenter needs the presenter above it');
  return store;
}

/** Subscribes to one slice of the presenter store; pass a module-scope selector. */
export function usePresenter<T>(selector: (state: PresenterState) => T): T {
  return useStore(usePresenterApi(), selector);
}
