import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { FOCUS_RING } from '../../components';
import type { RunStore } from '../../state/run-store';
import { useRunStoreApi } from '../run';
import { performShortcut } from './commands';
import { focusKind, shortcutFor } from './keymap';
import { ShortcutsDialog } from './ShortcutsDialog';

interface ShortcutsContextValue {
  readonly showHelp: () => void;
}

const ShortcutsContext = createContext<ShortcutsContextValue | null>(null);

/** A modal dialog is open: its keys are its own (ours included; it closes itself on Escape). */
function modalOpen(): boolean {
  return document.querySelector('dialog:modal, [aria-modal="true"]') !== null;
}

/**
 * The key listener: the outside system this feature attaches to, with cleanup. It sits on the
 * document, so components (React handles keys at its root, below) have their say first and can
 * claim a key with preventDefault; listeners on the window (xyflow's Space-to-pan) come after.
 */
function useShortcutKeys(store: RunStore, showHelp: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        altGraph: event.getModifierState('AltGraph'),
        repeat: event.repeat,
        focus: focusKind(target),
        modalOpen: modalOpen(),
      });
      if (action === null) return;
      event.preventDefault();
      if (!performShortcut(store, action)) showHelp();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store, showHelp]);
}

function ShortcutsRoot({ children }: { readonly children: ReactNode }) {
  const store = useRunStoreApi();
  const [helpOpen, setHelpOpen] = useState(false);
  const [context] = useState<ShortcutsContextValue>(() => ({ showHelp: () => setHelpOpen(true) }));
  useShortcutKeys(store, context.showHelp);
  return (
    <ShortcutsContext value={context}>
      {children}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </ShortcutsContext>
  );
}

/**
 * The run view's keyboard shortcuts (see keymap.ts) and the "?" dialog that lists them. Mount it
 * once around the run view, inside its RunStoreProvider; a layer nested in another one only
 * renders its children, so exactly one listener runs.
 */
export function ShortcutsLayer({ children }: { readonly children?: ReactNode }) {
  const outer = useContext(ShortcutsContext);
  if (outer) return <>{children}</>;
  return <ShortcutsRoot>{children}</ShortcutsRoot>;
}

/** Opens the shortcuts dialog; null outside a ShortcutsLayer. */
export function useShowShortcuts(): (() => void) | null {
  return useContext(ShortcutsContext)?.showHelp ?? null;
}

/** A small "?" button that opens the shortcuts dialog (renders nothing outside the layer). */
export function ShortcutsButton({ className = '' }: { readonly className?: string }) {
  const showHelp = useShowShortcuts();
  if (!showHelp) return null;
  return (
    <button
      type="button"
      aria-label="Keyboard shortcuts"
      title="Keyboard shortcuts (?)"
      aria-haspopup="dialog"
      onClick={showHelp}
      className={`inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-sm font-semibold text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING} ${className}`}
    >
      ?
    </button>
  );
}
