import { useEffect, useId, useRef } from 'react';
import { FOCUS_RING } from '../../components';
import { SHORTCUTS } from './keymap';

export interface ShortcutsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

const KEY_CAP =
  'inline-flex min-w-7 items-center justify-center rounded border border-b-2 border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/**
 * The "?" help: every shortcut with its keys, in a native modal dialog (it traps focus and
 * closes on Escape); focus goes back to where it was when the dialog closes.
 */
export function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // The dialog element's own modal state is the outside system: open it, and on close give
  // focus back to whatever had it before.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const before = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:backdrop:bg-black/60"
    >
      {open && (
        <div className="p-5">
          <div className="mb-3 flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-base font-semibold">
              Keyboard shortcuts
            </h2>
            <button
              type="button"
              onClick={onClose}
              className={`rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`}
            >
              Close
            </button>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">Timeline shortcuts</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((shortcut) => (
                <tr
                  key={shortcut.action}
                  className="border-t border-slate-100 first:border-t-0 dark:border-slate-800"
                >
                  <td className="w-28 py-1.5 pr-3 align-middle whitespace-nowrap">
                    {shortcut.caps.map((cap, index) => (
                      <span key={cap}>
                        {index > 0 && (
                          <span aria-hidden="true" className="px-0.5 text-slate-400">
                            +
                          </span>
                        )}
                        <kbd className={KEY_CAP}>{cap}</kbd>
                      </span>
                    ))}
                  </td>
                  <td className="py-1.5 text-slate-700 dark:text-slate-300">
                    {shortcut.description}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
            Shortcuts pause while you type in a field or use a menu, a slider or a resize handle.
          </p>
        </div>
      )}
    </dialog>
  );
}
