/** The presenter's store in React: one per presentation, read through narrow selectors. */
import { createStoreContext } from '../../components/store-context';
import type { PresenterState } from '../../state/presenter-store';

const context = createStoreContext<PresenterState>('presenter store');

export const PresenterStoreProvider = context.Provider;
/** The store itself, for handlers. */
export const usePresenterApi = context.useStoreApi;
/** Subscribes to one slice of the presenter store; pass a module-scope selector. */
export const usePresenter = context.useSelector;
/** The presenter's actions (stable: no subscription). */
export const usePresenterActions = context.useActions;
