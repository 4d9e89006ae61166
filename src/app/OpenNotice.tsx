/**
 * The page's one notice about a file opened: what was opened and where it went, or why it could
 * not be and that nothing changed; while a file is read and parsed, how far it got. Read out as
 * it appears (a problem as an alert); Escape or the close button dismisses it (stopping a file
 * being read), and a done notice goes by itself after a while. An opened run's notice says it is
 * being written to the library until it is (`keeping`), then that it is kept. When the page opens
 * after a tab was closed or reloaded mid-run, it says where those runs' steps are kept.
 */
import { useEffect } from 'react';
import { CLIP_CHARS, clipLine } from '../components/Clipped';
import { CloseIcon } from '../components/icons';
import { FOCUS_RING } from '../components/focus-ring';
import { underWay, type Notice } from './file-opening';

const DONE_MS = 8000;

/** A file opened: read as done while its run is still being written to the library too. */
const OPENED =
  'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';

const TONES: Record<Notice['tone'], string> = {
  working:
    'border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  keeping: OPENED,
  done: OPENED,
  problem:
    'border-rose-300 bg-rose-50 text-rose-950 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100',
};

export function OpenNotice({
  notice,
  onDismiss,
}: {
  readonly notice: Notice | null;
  readonly onDismiss: () => void;
}) {
  useEffect(() => {
    if (!notice) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    window.addEventListener('keydown', onKey);
    const timer = notice.tone === 'done' ? window.setTimeout(onDismiss, DONE_MS) : undefined;
    return () => {
      window.removeEventListener('keydown', onKey);
      window.clearTimeout(timer);
    };
  }, [notice, onDismiss]);
  return (
    <div aria-live="polite" className="contents">
      {notice ? (
        <div
          role={notice.tone === 'problem' ? 'alert' : 'status'}
          data-testid="open-notice"
          aria-busy={underWay(notice)}
          className={`fixed right-4 bottom-4 z-40 flex max-w-xl items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${TONES[notice.tone]}`}
        >
          {/* A file's text (a scenario's title) may be huge: cut, and scrolled past a few lines. */}
          <p className="max-h-40 min-w-0 flex-1 overflow-auto wrap-anywhere">
            {clipLine(notice.text, CLIP_CHARS)}
          </p>
          <button
            type="button"
            aria-label={notice.tone === 'working' ? 'Stop opening' : 'Dismiss'}
            onClick={onDismiss}
            className={`shrink-0 rounded p-0.5 opacity-70 hover:opacity-100 ${FOCUS_RING}`}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}
