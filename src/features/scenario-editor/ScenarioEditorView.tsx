import type { ReactNode } from 'react';
import type { Scenario } from '../../engine';
import type { LibraryStore } from '../../state/library-store';
import type { ScenarioEditorStore } from '../../state/scenario-editor-store';
import { DraftEditor } from './DraftEditor';
import { ScenarioEditorProvider, useEditorStore } from './editor-context';
import { ScenarioSidebar } from './ScenarioSidebar';
import { selectDrafting, selectNotice } from './selectors';

export interface ScenarioEditorViewProps {
  readonly store: ScenarioEditorStore;
  /** The runs library: the user's kept scenarios are listed from it. */
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
  /** The page's header (title, view switch, theme). */
  readonly header: ReactNode;
  /** Run was pressed on a saved draft: open the inspector on it and run it. */
  readonly onRun: (scenario: Scenario) => void;
}

function EditorArea({ onRun }: { readonly onRun: (scenario: Scenario) => void }) {
  const drafting = useEditorStore(selectDrafting);
  const notice = useEditorStore(selectNotice);
  if (drafting) return <DraftEditor onRun={onRun} />;
  return (
    <div className="flex flex-col gap-2 p-6 text-sm text-slate-700 dark:text-slate-300">
      {notice ? <p role="status">{notice.text}</p> : null}
      <p>
        Duplicate a built-in to start a scenario of your own, or open one of yours. The JSON is
        checked as you type (Scenario JSON v1); Run saves it and runs it in the inspector.
      </p>
    </div>
  );
}

/**
 * The scenario editor: how to start (a copy of a built-in), the user's kept scenarios, and the
 * open draft in a JSON editor with its problems at their lines.
 */
export function ScenarioEditorView({
  store,
  library,
  builtins,
  header,
  onRun,
}: ScenarioEditorViewProps) {
  return (
    <ScenarioEditorProvider store={store}>
      <div className="flex h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {header}
        <main className="flex min-h-0 flex-1">
          <ScenarioSidebar library={library} builtins={builtins} />
          <section aria-label="Editor" className="flex min-w-0 flex-1 flex-col">
            <EditorArea onRun={onRun} />
          </section>
        </main>
      </div>
    </ScenarioEditorProvider>
  );
}
