/**
 * Pure: the presenter's keys. Space plays or pauses, ←/→ move a row, Home restarts, F toggles
 * full screen, Esc leaves the closing slide (or the presenter). Fields and widgets keep their
 * keys; a focused button keeps Space (it presses the button).
 */
import type { focusKind } from '../shortcuts';

export type PresenterCommand = 'toggle' | 'previous' | 'next' | 'restart' | 'fullscreen' | 'escape';

/** A key press as the presenter sees it. */
export interface PresenterKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly repeat: boolean;
  readonly focus: ReturnType<typeof focusKind>;
}

/** Pure: the command a key press gives, or null (the page keeps the key). */
export function presenterCommand(press: PresenterKey): PresenterCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const typing = press.focus === 'field';
  const widget = typing || press.focus === 'widget';
  switch (press.key) {
    case ' ':
    case 'Spacebar':
      return widget || press.focus === 'pressable' || press.repeat ? null : 'toggle';
    case 'ArrowLeft':
      return widget ? null : 'previous';
    case 'ArrowRight':
      return widget ? null : 'next';
    case 'Home':
      return widget ? null : 'restart';
    case 'f':
    case 'F':
      return typing || press.repeat ? null : 'fullscreen';
    case 'Escape':
      return 'escape';
    default:
      return null;
  }
}
