/** The scenario editor's store handed down its view (made with the one store-context helper). */
import { createStoreContext } from '../../components/store-context';
import type { ScenarioEditorState } from '../../state/scenario-editor-store';

export const {
  Provider: ScenarioEditorProvider,
  useSelector: useEditorStore,
  useActions: useEditorActions,
  useStoreApi: useEditorStoreApi,
} = createStoreContext<ScenarioEditorState>('scenario editor store');
