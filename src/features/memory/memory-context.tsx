/**
 * The reflection memory's store handed down the Memory view (made with the one store-context
 * helper): the app owns the store (runs append to it while any view is open), the view provides it.
 */
import { createStoreContext } from '../../components/store-context';
import type { ReflectionsState } from '../../state/reflections-store';

export const {
  Provider: ReflectionsStoreProvider,
  useSelector: useReflections,
  useActions: useReflectionsActions,
} = createStoreContext<ReflectionsState>('reflections store');

export const selectReflections = (state: ReflectionsState) => state.reflections;
export const selectProblem = (state: ReflectionsState) => state.problem;
export const selectStatus = (state: ReflectionsState) => state.status;
