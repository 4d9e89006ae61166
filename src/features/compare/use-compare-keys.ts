import { useEffect } from 'react';
import { selectAlignment, type CompareStore } from '../../state/compare-store';
import { focusKind, shortcutFor } from '../shortcuts';
import { reflectionRowFrom, reflectionRows } from './reflection-rows';
import { selectLaneSteps } from './selectors';

/** A modal dialog is open: its keys are its own. */
const modalOpen = () => document.querySelector('dialog:modal, [aria-modal="true"]') !== null;

/** When focus sits on the strip, it follows the cursor to the column of `row`. */
function refocusStrip(row: number | null): void {
  const active = document.activeElement;
  if (row === null || !(active instanceof HTMLElement) || !active.closest('[data-strip]')) return;
  document.querySelector<HTMLElement>(`[data-strip] [data-row="${row}"]`)?.focus();
}

/** `[` / `]`: the shared cursor to the previous / next row where any lane reflects. */
function jumpToReflection(store: CompareStore, direction: 1 | -1): void {
  const state = store.getState();
  const alignment = selectAlignment(state);
  const rows = reflectionRows(alignment, selectLaneSteps(state));
  const row = reflectionRowFrom(rows, state.row, alignment.rows.length, direction);
  if (row !== null) state.actions.setRow(row);
}

/**
 * ←/→ (and Home/End) move the shared cursor, `[` / `]` to the previous / next reflection, while the compare view is shown: a listener on the
 * document (the outside system, with cleanup), read through the shortcuts' own key map so fields,
 * radio groups and other widgets keep their keys.
 */
export function useCompareKeys(store: CompareStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        altGraph: event.getModifierState('AltGraph'),
        repeat: event.repeat,
        focus: focusKind(event.target instanceof Element ? event.target : null),
        modalOpen: modalOpen(),
      });
      const state = store.getState();
      switch (action) {
        case 'previous-step':
          state.actions.moveRow(-1);
          break;
        case 'next-step':
          state.actions.moveRow(1);
          break;
        case 'first-step':
          state.actions.rowTo('first');
          break;
        case 'last-step':
          state.actions.rowTo('last');
          break;
        case 'previous-reflection':
          jumpToReflection(store, -1);
          break;
        case 'next-reflection':
          jumpToReflection(store, 1);
          break;
        default:
          return;
      }
      event.preventDefault();
      refocusStrip(store.getState().row);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
