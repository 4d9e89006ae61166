import { useState } from 'react';
import { Button } from '../../components/Button';
import { formatBytes, runsWord } from './format';
import { useLibraryActions, useLibraryStore } from './library-context';
import { selectKind, selectUsage } from './selectors';

const DAY = 24 * 60 * 60 * 1000;

/** Where runs are kept and how much space they take, and "Clear runs older than a week". */
export function LibraryFooter({ now }: { readonly now: number }) {
  const usage = useLibraryStore(selectUsage);
  const kind = useLibraryStore(selectKind);
  const actions = useLibraryActions();
  const [cleared, setCleared] = useState<string | null>(null);
  const clear = async () => {
    const count = await actions.clearOld({ before: now - 7 * DAY, keepPinned: true });
    setCleared(
      count === 0 ? 'No unpinned run is older than a week.' : `Cleared ${runsWord(count)}.`,
    );
  };
  const used =
    usage.usedBytes === null
      ? 'space used unknown'
      : usage.quotaBytes === null
        ? `${formatBytes(usage.usedBytes)} used`
        : `${formatBytes(usage.usedBytes)} used of ${formatBytes(usage.quotaBytes)} available`;
  return (
    <footer className="flex items-center gap-3 border-t border-slate-200 px-3 py-1.5 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <span>
        {kind === 'indexeddb' ? 'Kept in this browser (IndexedDB)' : 'Kept in this tab only'} ·{' '}
        {used}
      </span>
      <span aria-live="polite">{cleared}</span>
      <Button
        size="sm"
        tone="ghost"
        className="ml-auto"
        onClick={() => void clear()}
        title="Pinned runs stay"
      >
        Clear runs older than a week
      </Button>
    </footer>
  );
}
