/**
 * The app's one endpoints store, provided to every view that picks or shows a model;
 * `useEndpoints(selector)` subscribes a component to one slice.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EndpointsState, EndpointsStore } from '../../state/endpoints-store';

const EndpointsContext = createContext<EndpointsStore | null>(null);

export function EndpointsStoreProvider({
  store,
  children,
}: {
  readonly store: EndpointsStore;
  readonly children: ReactNode;
}) {
  return <EndpointsContext value={store}>{children}</EndpointsContext>;
}

/** Subscribes to one slice of the endpoints store; pass a module-scope selector. */
export function useEndpoints<T>(selector: (state: EndpointsState) => T): T {
  const store = useContext(EndpointsContext);
  if (!store) throw new Error('Loopscope: useEndpoints needs an <EndpointsStoreProvider> above it');
  return useStore(store, selector);
}
