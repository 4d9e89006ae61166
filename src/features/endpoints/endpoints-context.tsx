/**
 * The app's one endpoints store, provided to every view that picks or shows a model (made with
 * the one store-context helper): `useEndpoints(selector)` subscribes a component to one slice,
 * `useEndpointsActions()` gives the store's actions without subscribing.
 */
import { createStoreContext } from '../../components/store-context';
import type { EndpointsState } from '../../state/endpoints-store';

/** `EndpointsStoreProvider` provides a given store; the hooks read it (they throw without one). */
export const {
  Provider: EndpointsStoreProvider,
  useSelector: useEndpoints,
  useStoreApi: useEndpointsStoreApi,
  useActions: useEndpointsActions,
} = createStoreContext<EndpointsState>('endpoints store');
