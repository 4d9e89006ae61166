/**
 * Opening files from anywhere on the page: the app provides what to do with a file or pasted
 * text (`FileOpenerProvider`), and this gives the page its three ways in — the `Open…` button
 * (a file picker, `OpenFileButton`), a file dropped anywhere (an overlay says where it goes) and
 * JSON pasted while no text field has focus. Knows nothing about runs: it hands over files and
 * text.
 */
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type ReactNode,
} from 'react';
import { FOCUS_RING } from './focus-ring';
import { OpenIcon } from './icons';

export interface FileOpener {
  /** Files picked or dropped, in order. */
  readonly openFiles: (files: readonly File[]) => void;
  /** Text pasted onto the page (not into a field); `name` says where it came from. */
  readonly openText: (text: string, name: string) => void;
}

const OpenerContext = createContext<FileOpener | null>(null);

/** Pasted text that is worth trying as a file: it starts as JSON does. */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

const editable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Provides the opener, listens for drops over its children and for pastes on the page. */
export function FileOpenerProvider({
  opener,
  children,
}: {
  readonly opener: FileOpener;
  readonly children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);
  const latest = useRef(opener);
  useEffect(() => {
    latest.current = opener;
  }, [opener]);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (editable(event.target)) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length > 0) {
        event.preventDefault();
        latest.current.openFiles(files);
        return;
      }
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!looksLikeJson(text)) return;
      event.preventDefault();
      latest.current.openText(text, 'pasted text');
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const leave = () => {
    depth.current = 0;
    setOver(false);
  };
  return (
    <OpenerContext value={opener}>
      <div
        className="contents"
        onDragEnter={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setOver(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!carriesFiles(event)) return;
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        }}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          leave();
          const files = [...event.dataTransfer.files];
          if (files.length > 0) opener.openFiles(files);
        }}
      >
        {children}
        {over ? (
          <div
            aria-hidden="true"
            className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-sky-900/30 backdrop-blur-[1px]"
          >
            <div className="rounded-lg border-2 border-dashed border-sky-300 bg-white px-8 py-6 text-center shadow-xl dark:bg-slate-900">
              <p className="text-base font-semibold text-slate-900 dark:text-slate-100">
                Drop to open
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                A trace, a .loopscope.json file, a scenario or a library export
              </p>
            </div>
          </div>
        ) : null}
      </div>
    </OpenerContext>
  );
}

/** `Open…`: a file picker for anything Loopscope reads (nothing without a provider). */
export function OpenFileButton() {
  const opener = useContext(OpenerContext);
  const input = useRef<HTMLInputElement>(null);
  if (!opener) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        title="Open a trace (loop run --json, .loopscope.json), a scenario file or a library export. You can also drop a file anywhere or paste its text."
        className={`inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`}
      >
        <OpenIcon />
        Open…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,.jsonl,application/json"
        multiple
        hidden
        data-testid="open-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) opener.openFiles(files);
        }}
      />
    </>
  );
}
