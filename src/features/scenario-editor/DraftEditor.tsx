import { lazy, Suspense, useCallback } from 'react';
import type { Scenario } from '../../engine';
import { useEditorActions, useEditorStore, useEditorStoreApi } from './editor-context';
import { DraftToolbar } from './DraftToolbar';
import { ProblemList } from './ProblemList';
import { selectDraftNumber, selectNotice } from './selectors';

/** CodeMirror, fetched the first time a draft opens (its own chunk, not the page's entry). */
const JsonEditor = lazy(() => import('./JsonEditor'));

/** The open draft: its toolbar, the JSON editor (checked as you type) and its problems below. */
export function DraftEditor({ onRun }: { readonly onRun: (scenario: Scenario) => void }) {
  const draftNumber = useEditorStore(selectDraftNumber);
  const store = useEditorStoreApi();
  // Read once as the editor mounts (not a subscription: typing must not remount it); coming
  // back to the view finds the draft as it was left, unsaved edits too.
  const readText = useCallback(() => store.getState().text, [store]);
  const onJump = useCallback(
    (listener: (to: { line: number; column: number }) => void) =>
      store.subscribe((state, previous) => {
        if (state.jump && state.jump !== previous.jump) listener(state.jump);
      }),
    [store],
  );
  const notice = useEditorStore(selectNotice);
  const actions = useEditorActions();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <DraftToolbar onRun={onRun} />
      {notice ? (
        <p
          role="status"
          className={`shrink-0 px-3 py-1.5 text-[13px] ${
            notice.tone === 'done'
              ? 'text-emerald-800 dark:text-emerald-300'
              : 'text-red-800 dark:text-red-300'
          }`}
        >
          {notice.text}
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-hidden">
        <Suspense
          fallback={
            <p className="p-3 text-sm text-slate-600 dark:text-slate-400">Loading the editor…</p>
          }
        >
          <JsonEditor
            key={draftNumber}
            readText={readText}
            label="Scenario JSON"
            onChange={actions.edit}
            check={actions.check}
            onJump={onJump}
          />
        </Suspense>
      </div>
      <ProblemList />
    </div>
  );
}
