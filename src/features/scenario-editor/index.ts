/** The scenario editor: the user's own scenarios written, checked and run. See README.md. */
export { ScenarioEditorView, type ScenarioEditorViewProps } from './ScenarioEditorView';
