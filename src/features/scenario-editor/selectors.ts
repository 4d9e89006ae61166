/** Module-scope selectors of the scenario editor (one value each). */
import type { LibraryState } from '../../state/library-store';
import type { ScenarioEditorState } from '../../state/scenario-editor-store';

export const selectDrafting = (state: ScenarioEditorState) => state.drafting;
export const selectDraftNumber = (state: ScenarioEditorState) => state.draftNumber;
export const selectEditing = (state: ScenarioEditorState) => state.editing;
export const selectProblems = (state: ScenarioEditorState) => state.problems;
export const selectNotice = (state: ScenarioEditorState) => state.notice;
export const selectRemoving = (state: ScenarioEditorState) => state.removing;
export const selectBuiltinId = (state: ScenarioEditorState) => state.builtinId;
/** The draft differs from what was opened or last saved. */
export const selectUnsaved = (state: ScenarioEditorState) => state.text !== state.savedText;
/** The text changed since it was last checked (the check waits for typing to pause). */
export const selectChecking = (state: ScenarioEditorState) => state.text !== state.checkedText;
export const selectKeptScenarios = (state: LibraryState) => state.scenarios;
