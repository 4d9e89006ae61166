import { lazy, Suspense } from 'react';
import type { Scenario } from '../../engine';
import { useEditorActions, useEditorStore } from './editor-context';
import { DraftToolbar } from './DraftToolbar';
import { ProblemList } from './ProblemList';
import { selectDraftNumber, selectNotice, selectOpenedText } from './selectors';

/** CodeMirror, fetched the first time a draft opens (its own chunk, not the page's entry). */
const JsonEditor = lazy(() => import('./JsonEditor'));

/** The open draft: its toolbar, the JSON editor (checked as you type) and its problems below. */
export function DraftEditor({ onRun }: { readonly onRun: (scenario: Scenario) => void }) {
  const draftNumber = useEditorStore(selectDraftNumber);
  const openedText = useEditorStore(selectOpenedText);
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
            initialText={openedText}
            label="Scenario JSON"
            onChange={actions.edit}
            check={actions.check}
          />
        </Suspense>
      </div>
      <ProblemList />
    </div>
  );
}
