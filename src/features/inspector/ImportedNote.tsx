import { useMemo } from 'react';
import { spanTreeView } from '../../projections/span-tree';
import { useRunStore } from '../run';
import { selectImported, selectOrigin } from './selectors';

/**
 * A line over a run opened from a file: which file, and that Run records it again live. For
 * another tool's trace: the format detected, what became steps and what could not be mapped.
 * Whether the run is kept in the library is the open notice's to say: it says so once the write
 * has finished (or why it could not), which for a 100,000-step file is seconds after this shows.
 */
export function ImportedNote() {
  const origin = useRunStore(selectOrigin);
  const imported = useRunStore(selectImported);
  const view = useMemo(() => (imported ? spanTreeView(imported) : null), [imported]);
  if (origin?.kind !== 'imported') return null;
  return (
    <div
      role="status"
      className="shrink-0 border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      {view && imported ? (
        <>
          <p>
            Imported from{' '}
            <span className="font-medium">
              {origin.source.replace(` (${imported.formatLabel})`, '')}
            </span>
            , detected as <span className="font-medium">{imported.formatLabel}</span>:{' '}
            {view.summary.split(' · ').slice(1).join(' · ')}. Spans that are not model or tool calls
            are listed, with why, in the record&apos;s Spans tab.
          </p>
          {view.notes.length > 0 && <p className="mt-0.5">{view.notes.join('. ')}.</p>}
        </>
      ) : (
        <p>
          A recorded run, opened from <span className="font-medium">{origin.source}</span>. Run
          records it again, live, with the settings shown.
        </p>
      )}
    </div>
  );
}
