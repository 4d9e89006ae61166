/**
 * The library store handed down the Library view (made with the one store-context helper): the
 * app owns the store (runs are kept while any view is open), the view provides it.
 */
import { createStoreContext } from '../../components/store-context';
import type { LibraryState } from '../../state/library-store';

export const {
  Provider: LibraryStoreProvider,
  useSelector: useLibraryStore,
  useActions: useLibraryActions,
} = createStoreContext<LibraryState>('library store');
