/**
 * The eval store handed down the eval view (made with the one store-context helper): the view is
 * given a store (its owner made it, so it can outlive the view) and provides it;
 * `useEvalStore(selector)` subscribes a component to one slice, `useEvalActions()` gives the
 * store's actions without subscribing.
 */
import { createStoreContext } from '../../components/store-context';
import type { EvalState } from '../../state/eval-store';

/** `EvalStoreProvider` provides a given store; the hooks read it (they throw without one). */
export const {
  Provider: EvalStoreProvider,
  useSelector: useEvalStore,
  useStoreApi: useEvalStoreApi,
  useActions: useEvalActions,
} = createStoreContext<EvalState>('eval store');
