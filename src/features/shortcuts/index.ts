/** The run view's keyboard shortcuts and their "?" help dialog. See README.md. */
export { ShortcutsLayer, ShortcutsButton, useShowShortcuts } from './ShortcutsLayer';
export { SHORTCUTS, shortcutFor, focusKind, type ShortcutAction, type Shortcut } from './keymap';
export { performShortcut, togglePlayback, jumpToMark, shownStep } from './commands';
