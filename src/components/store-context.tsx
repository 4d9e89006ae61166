/**
 * One way to hand a vanilla Zustand store down a React tree (STYLE rule 6): a provider that
 * takes a given store, a hook for the store itself (handlers, `subscribe`), a hook that
 * subscribes to one slice, and a hook for the store's `actions` (stable: no subscription).
 * Every store context of the app is made with it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';

/** The `actions` a store keeps under that key, else never. */
export type ActionsOf<S> = S extends { readonly actions: infer A } ? A : never;

export interface StoreContext<S> {
  /** Provides a given store (made by the caller: a view, the app, a test). */
  readonly Provider: (props: {
    readonly store: StoreApi<S>;
    readonly children: ReactNode;
  }) => ReactNode;
  /** The store itself, for handlers and `subscribe` (values that skip React). */
  readonly useStoreApi: () => StoreApi<S>;
  /** Subscribes to one slice; pass a module-scope selector. */
  readonly useSelector: <T>(selector: (state: S) => T) => T;
  /** The store's actions: made once with the store, so reading them subscribes to nothing. */
  readonly useActions: () => ActionsOf<S>;
}

/** Makes a store context; `name` names the store in the error a missing provider throws. */
export function createStoreContext<S>(name: string): StoreContext<S> {
  const Context = createContext<StoreApi<S> | null>(null);
  Context.displayName = name;
  const useStoreApi = (): StoreApi<S> => {
    const store = useContext(Context);
    if (!store) throw new Error(`Loopscope: the ${name} is used outside its provider`);
    return store;
  };
  return {
    Provider: ({ store, children }) => <Context value={store}>{children}</Context>,
    useStoreApi,
    useSelector: (selector) => useStore(useStoreApi(), selector),
    useActions: () => (useStoreApi().getState() as { actions: ActionsOf<S> }).actions,
  };
}
