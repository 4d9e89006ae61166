/**
 * The app's one saved-settings store (made with the one store-context helper), provided to the
 * views that save settings (the inspector's settings) or pick them (the eval matrix):
 * `useSavedConfigs(selector)` subscribes to one slice, `useSavedConfigsActions()` gives `save`
 * and `remove` without subscribing, `useSavedConfigsApi()` the store itself.
 */
import { createStoreContext } from '../../components/store-context';
import type { SavedConfigsState } from '../../state/saved-configs';

/** `SavedConfigsProvider` provides a given store; the hooks read it (they throw without one). */
export const {
  Provider: SavedConfigsProvider,
  useSelector: useSavedConfigs,
  useStoreApi: useSavedConfigsApi,
  useActions: useSavedConfigsActions,
} = createStoreContext<SavedConfigsState>('saved-settings store');
