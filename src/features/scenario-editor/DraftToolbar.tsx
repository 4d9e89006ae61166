import { Button } from '../../components';
import type { Scenario } from '../../engine';
import { useEditorActions, useEditorStore } from './editor-context';
import { selectEditing, selectRemoving, selectUnsaved } from './selectors';

export interface DraftToolbarProps {
  /** Run was pressed and the draft saved: the app opens the inspector on it and runs it. */
  readonly onRun: (scenario: Scenario) => void;
}

/** What the draft is (kept or new, saved or not) and Save, Run, Delete (asking first), Close. */
export function DraftToolbar({ onRun }: DraftToolbarProps) {
  const editing = useEditorStore(selectEditing);
  const unsaved = useEditorStore(selectUnsaved);
  const removing = useEditorStore(selectRemoving);
  const actions = useEditorActions();
  const run = async () => {
    const scenario = await actions.save();
    if (scenario) onRun(scenario);
  };
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <h2 className="min-w-0 truncate text-sm font-semibold">
        {editing === null ? 'A new scenario' : editing}
      </h2>
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {editing === null ? 'not saved yet' : unsaved ? 'unsaved changes' : 'saved'}
      </span>
      <div className="ml-auto flex items-center gap-2">
        {removing ? (
          <>
            <span className="text-xs text-slate-700 dark:text-slate-300">Delete {editing}?</span>
            <Button size="sm" tone="danger" onClick={() => void actions.confirmRemove()}>
              Yes, delete it
            </Button>
            <Button size="sm" tone="ghost" onClick={actions.cancelRemove}>
              Keep it
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" onClick={() => void actions.save()} title="Keep it in the library">
              Save
            </Button>
            <Button
              size="sm"
              tone="primary"
              onClick={() => void run()}
              title="Save, then open it in the inspector and run it"
            >
              Run
            </Button>
            {editing !== null ? (
              <Button size="sm" tone="danger" onClick={actions.askRemove}>
                Delete
              </Button>
            ) : null}
            <Button size="sm" tone="ghost" onClick={actions.close} title="Close the draft">
              Close
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
