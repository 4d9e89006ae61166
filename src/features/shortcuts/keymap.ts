/** Pure: the inspector's keyboard shortcuts, as data, and which key press means which action. */

/** What a shortcut does to the run view. */
export type ShortcutAction =
  | 'previous-step'
  | 'next-step'
  | 'toggle-playback'
  | 'first-step'
  | 'last-step'
  | 'previous-reflection'
  | 'next-reflection'
  | 'previous-guard'
  | 'next-guard'
  | 'show-help';

export interface Shortcut {
  readonly action: ShortcutAction;
  /** `KeyboardEvent.key` values that trigger it. */
  readonly keys: readonly string[];
  /** How the help dialog writes the keys (one entry per key cap). */
  readonly caps: readonly string[];
  readonly description: string;
}

/** Every shortcut, in the order the help dialog lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'previous-step', keys: ['ArrowLeft'], caps: ['←'], description: 'Previous step' },
  { action: 'next-step', keys: ['ArrowRight'], caps: ['→'], description: 'Next step' },
  { action: 'first-step', keys: ['Home'], caps: ['Home'], description: 'First step' },
  {
    action: 'last-step',
    keys: ['End'],
    caps: ['End'],
    description: 'Last step (follows a live run)',
  },
  {
    action: 'toggle-playback',
    keys: [' '],
    caps: ['Space'],
    description: 'Play or pause playback through the steps',
  },
  {
    action: 'previous-reflection',
    keys: ['['],
    caps: ['['],
    description: 'Previous reflection',
  },
  { action: 'next-reflection', keys: [']'], caps: [']'], description: 'Next reflection' },
  { action: 'next-guard', keys: ['g'], caps: ['G'], description: 'Next guard trip' },
  {
    action: 'previous-guard',
    keys: ['G'],
    caps: ['Shift', 'G'],
    description: 'Previous guard trip',
  },
  { action: 'show-help', keys: ['?'], caps: ['?'], description: 'Show these shortcuts' },
];

const ACTION_OF_KEY: ReadonlyMap<string, ShortcutAction> = new Map(
  SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut.action] as const)),
);

/** What the focused element does with keys itself. */
export type FocusKind =
  /** Text entry, number and range inputs, selects: every key is theirs. */
  | 'field'
  /** A widget that moves with arrow keys (a resize handle, a tab list, a menu): keys are theirs. */
  | 'widget'
  /** Buttons and links: Space and Enter press them, other keys are free. */
  | 'pressable'
  | 'other';

/** The parts of a focused element that decide its FocusKind (an Element satisfies it). */
export interface FocusTarget {
  readonly tagName: string;
  readonly isContentEditable?: boolean;
  getAttribute(name: string): string | null;
}

/** Roles whose own keyboard handling must win over the shortcuts. */
const WIDGET_ROLES = new Set([
  'combobox',
  'grid',
  'listbox',
  'menu',
  'menubar',
  'menuitem',
  'radio',
  'radiogroup',
  'scrollbar',
  'separator',
  'slider',
  'spinbutton',
  'tab',
  'tablist',
  'textbox',
  'tree',
  'treegrid',
]);

/** Input types that are pressed rather than typed into. */
const PRESSABLE_INPUTS = new Set(['button', 'submit', 'reset', 'checkbox', 'image']);

/**
 * Pure: how the focused element treats keys. An element marked `data-shortcuts="allow"` (the
 * timeline's step strip) leaves every shortcut to the layer.
 */
export function focusKind(target: FocusTarget | null): FocusKind {
  if (!target) return 'other';
  if (target.getAttribute('data-shortcuts') === 'allow') return 'other';
  if (target.isContentEditable) return 'field';
  const tag = target.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return 'field';
  if (tag === 'input') {
    const type = (target.getAttribute('type') ?? 'text').toLowerCase();
    // A radio group moves its selection with the arrow keys: a widget, not a button.
    if (type === 'radio') return 'widget';
    return PRESSABLE_INPUTS.has(type) ? 'pressable' : 'field';
  }
  const role = target.getAttribute('role');
  if (role && WIDGET_ROLES.has(role)) return 'widget';
  if (tag === 'button' || tag === 'a' || tag === 'summary' || role === 'button' || role === 'link')
    return 'pressable';
  return 'other';
}

/** A key press as the shortcuts see it. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** AltGr is held: some layouts type `[`, `]` and `?` with it, so it is no modifier here. */
  readonly altGraph: boolean;
  /** The key is held down and repeating. */
  readonly repeat: boolean;
  readonly focus: FocusKind;
  /** A modal dialog is open (the shortcuts' own help dialog included). */
  readonly modalOpen: boolean;
}

/** Held keys repeat only for moves a user wants to repeat; playback and help toggle once. */
const REPEATABLE = new Set<ShortcutAction>(['previous-step', 'next-step']);

/** Pure: the action a key press asks for, or null when the press belongs to someone else. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.modalOpen) return null;
  if (press.ctrlKey || press.metaKey || (press.altKey && !press.altGraph)) return null;
  if (press.focus === 'field' || press.focus === 'widget') return null;
  const action = ACTION_OF_KEY.get(press.key) ?? null;
  if (action === null) return null;
  if (press.focus === 'pressable' && action === 'toggle-playback') return null;
  if (press.repeat && !REPEATABLE.has(action)) return null;
  return action;
}
