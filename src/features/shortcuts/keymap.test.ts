import { describe, expect, it } from 'vitest';
import { focusKind, SHORTCUTS, shortcutFor, type FocusTarget, type KeyPress } from './keymap';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  altGraph: false,
  repeat: false,
  focus: 'other',
  modalOpen: false,
  ...extra,
});

const element = (tagName: string, attributes: Record<string, string> = {}): FocusTarget => ({
  tagName,
  isContentEditable: attributes.contenteditable === 'true',
  getAttribute: (name) => attributes[name] ?? null,
});

describe('with focus on the page', () => {
  it.each([
    ['ArrowLeft', 'previous-step'],
    ['ArrowRight', 'next-step'],
    ['Home', 'first-step'],
    ['End', 'last-step'],
    [' ', 'toggle-playback'],
    ['[', 'previous-reflection'],
    [']', 'next-reflection'],
    ['g', 'next-guard'],
    ['G', 'previous-guard'],
    ['?', 'show-help'],
  ] as const)('%j means %s', (key, action) => {
    expect(shortcutFor(press(key))).toBe(action);
  });

  it('ignores keys that are no shortcut', () => {
    expect(shortcutFor(press('a'))).toBeNull();
    expect(shortcutFor(press('Enter'))).toBeNull();
    expect(shortcutFor(press('ArrowUp'))).toBeNull();
  });

  it('lists every mapped key in the help dialog data, once', () => {
    const keys = SHORTCUTS.flatMap((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SHORTCUTS.every((shortcut) => shortcut.caps.length > 0)).toBe(true);
  });
});

describe('with a modifier held', () => {
  it('leaves Ctrl, Meta and Alt combinations to the browser', () => {
    expect(shortcutFor(press('ArrowLeft', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('[', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('ArrowRight', { altKey: true }))).toBeNull();
  });

  it('takes AltGr combinations: some layouts type [ ] and ? with AltGr', () => {
    expect(shortcutFor(press('[', { altKey: true, ctrlKey: false, altGraph: true }))).toBe(
      'previous-reflection',
    );
  });
});

describe('when someone else owns the keys', () => {
  it('ignores every key while a modal dialog is open', () => {
    expect(shortcutFor(press('?', { modalOpen: true }))).toBeNull();
    expect(shortcutFor(press('ArrowRight', { modalOpen: true }))).toBeNull();
  });

  it('ignores every key in a field or an arrow-key widget', () => {
    expect(shortcutFor(press('ArrowLeft', { focus: 'field' }))).toBeNull();
    expect(shortcutFor(press(' ', { focus: 'field' }))).toBeNull();
    expect(shortcutFor(press('Home', { focus: 'widget' }))).toBeNull();
  });

  it('lets Space press a focused button but still steps with the arrows', () => {
    expect(shortcutFor(press(' ', { focus: 'pressable' }))).toBeNull();
    expect(shortcutFor(press('ArrowRight', { focus: 'pressable' }))).toBe('next-step');
  });

  it('repeats only the step moves while a key is held', () => {
    expect(shortcutFor(press('ArrowRight', { repeat: true }))).toBe('next-step');
    expect(shortcutFor(press(' ', { repeat: true }))).toBeNull();
    expect(shortcutFor(press('?', { repeat: true }))).toBeNull();
  });
});

describe('focusKind', () => {
  it('treats text entry, selects, range inputs and contenteditable as fields', () => {
    expect(focusKind(element('INPUT'))).toBe('field');
    expect(focusKind(element('INPUT', { type: 'range' }))).toBe('field');
    expect(focusKind(element('TEXTAREA'))).toBe('field');
    expect(focusKind(element('SELECT'))).toBe('field');
    expect(focusKind(element('DIV', { contenteditable: 'true' }))).toBe('field');
  });

  it('treats buttons, links and checkboxes as pressable', () => {
    expect(focusKind(element('BUTTON'))).toBe('pressable');
    expect(focusKind(element('A'))).toBe('pressable');
    expect(focusKind(element('INPUT', { type: 'checkbox' }))).toBe('pressable');
    expect(focusKind(element('DIV', { role: 'button' }))).toBe('pressable');
  });

  it('treats resize handles, sliders and menus as widgets', () => {
    expect(focusKind(element('DIV', { role: 'separator' }))).toBe('widget');
    expect(focusKind(element('DIV', { role: 'slider' }))).toBe('widget');
    expect(focusKind(element('DIV', { role: 'menuitem' }))).toBe('widget');
  });

  it('treats a radio button as a widget: its group moves with the arrow keys', () => {
    expect(focusKind(element('INPUT', { type: 'radio' }))).toBe('widget');
  });

  it('lets an element opt in with data-shortcuts="allow" (the timeline strip)', () => {
    expect(focusKind(element('DIV', { role: 'listbox', 'data-shortcuts': 'allow' }))).toBe('other');
  });

  it('treats the page itself and plain elements as free', () => {
    expect(focusKind(null)).toBe('other');
    expect(focusKind(element('BODY'))).toBe('other');
  });
});
