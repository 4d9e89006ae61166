/** Module-scope selectors of the Library view (one value each, so a component re-renders only for it). */
import type { LibraryState } from '../../state/library-store';

export const selectQuery = (state: LibraryState) => state.query;
export const selectRuns = (state: LibraryState) => state.runs;
export const selectStatus = (state: LibraryState) => state.status;
export const selectProblem = (state: LibraryState) => state.problem;
export const selectRemoved = (state: LibraryState) => state.removed;
export const selectUsage = (state: LibraryState) => state.usage;
export const selectKind = (state: LibraryState) => state.kind;
export const selectUnsavedCount = (state: LibraryState) => state.unsaved.length;
