/** The compare view's store in React: the app owns it; read through narrow selectors. */
import { createStoreContext } from '../../components/store-context';
import type { CompareState, CompareStore } from '../../state/compare-store';

const context = createStoreContext<CompareState>('compare store');

export const CompareStoreProvider = context.Provider;
/** The store itself, for handlers and its lanes' run stores. */
export const useCompareApi = context.useStoreApi as () => CompareStore;
/** Subscribes to one slice of the compare store; pass a module-scope selector. */
export const useCompare = context.useSelector;
/** The compare store's actions (stable: no subscription). */
export const useCompareActions = context.useActions;
