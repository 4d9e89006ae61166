import type { ReactNode } from 'react';
import { LinkProblem } from '../../components';
import type { KeyValueStorage } from '../../state';
import type { CompareExportKind } from './CompareToolbar';
import type { CompareStore } from '../../state/compare-store';
import { AlignedStrip } from './AlignedStrip';
import { CompareHeader } from './CompareHeader';
import { CompareToolbar } from './CompareToolbar';
import { CompareStoreProvider } from './compare-context';
import { LaneGrid } from './LaneGrid';
import { StepDifferences } from './StepDifferences';
import { SummaryTable } from './SummaryTable';
import { useCompareKeys } from './use-compare-keys';
import { ReadOnlyContext } from './read-only';

export interface CompareViewProps {
  /** The compare store: the app's, which lives as long as the page (and owns the lanes' runs). */
  readonly store: CompareStore;
  /**
   * Why the link's lanes or preset could not be read, and what shows instead (the app says so:
   * it follows the URL; see docs/links.md).
   */
  readonly linkProblem?: string;
  /** Where the theme persists. */
  readonly storage: KeyValueStorage;
  /**
   * Recorded lanes shown read-only (the share page): this line replaces the toolbar, and no lane
   * can run, change, go or fork.
   */
  readonly readOnly?: ReactNode;
  /** Export's HTML page of these lanes (the app makes it); no Export without it. */
  readonly onExport?: (store: CompareStore, kind: CompareExportKind) => void;
}

/**
 * The compare view: 2–4 lanes of one scenario, each with its own settings and run store, on one
 * shared cursor over their aligned steps; the strip, what differs at the cursor, the summary
 * against a baseline, then the lanes side by side. It fills the window.
 */
export function CompareView({ store, linkProblem, storage, readOnly, onExport }: CompareViewProps) {
  useCompareKeys(store);
  return (
    <CompareStoreProvider store={store}>
      <ReadOnlyContext value={readOnly !== undefined}>
        <div className="flex h-screen min-h-0 flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
          <CompareHeader storage={storage} readOnly={readOnly !== undefined} />
          {readOnly !== undefined ? (
            <p
              role="note"
              className="shrink-0 border-b border-sky-200 bg-sky-50 px-4 py-1.5 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
            >
              {readOnly}
            </p>
          ) : (
            <CompareToolbar {...(onExport ? { onExport } : {})} />
          )}
          {linkProblem && <LinkProblem key={linkProblem} problem={linkProblem} />}
          <main className="flex min-h-0 flex-1 flex-col overflow-auto bg-slate-50 dark:bg-slate-950">
            <div className="flex shrink-0 flex-wrap gap-3 px-3 pt-3 xl:flex-nowrap">
              <div className="flex min-w-[30rem] flex-1 flex-col gap-3">
                <AlignedStrip />
                <StepDifferences />
              </div>
              <SummaryTable />
            </div>
            <LaneGrid />
          </main>
        </div>
      </ReadOnlyContext>
    </CompareStoreProvider>
  );
}
