import { useEffect } from 'react';
import type { PresenterStore } from '../../state/presenter-store';
import { focusKind } from '../shortcuts';
import { presenterCommand } from './keys';

/** A modal dialog is open: its keys are its own. */
const modalOpen = () => document.querySelector('dialog:modal, [aria-modal="true"]') !== null;

/**
 * The presenter's keys (`keys.ts`) while it is shown: a listener on the document (the outside
 * system, with cleanup). Esc leaves the closing slide, else the presenter (in full screen the
 * browser takes Esc to leave full screen first).
 */
export function usePresenterKeys(
  store: PresenterStore,
  toggleFullscreen: () => void,
  exit: () => void,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || modalOpen()) return;
      const command = presenterCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        focus: focusKind(event.target instanceof Element ? event.target : null),
      });
      const state = store.getState();
      switch (command) {
        case 'toggle':
          state.actions.toggle();
          break;
        case 'previous':
          state.actions.previous();
          break;
        case 'next':
          state.actions.next();
          break;
        case 'restart':
          state.actions.restart();
          break;
        case 'fullscreen':
          toggleFullscreen();
          break;
        case 'escape':
          if (state.phase === 'closing') state.actions.leaveClosing();
          else exit();
          break;
        case null:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store, toggleFullscreen, exit]);
}
