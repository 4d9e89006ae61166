import { describe, expect, it } from 'vitest';
import { presenterCommand, type PresenterKey } from './keys';

const press = (key: string, rest: Partial<PresenterKey> = {}): PresenterKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  focus: 'other',
  ...rest,
});

describe('the presenter’s keys', () => {
  it('play, step, restart, go full screen and leave', () => {
    expect(
      [' ', 'ArrowLeft', 'ArrowRight', 'Home', 'f', 'F', 'Escape', 'x'].map((key) =>
        presenterCommand(press(key)),
      ),
    ).toEqual([
      'toggle',
      'previous',
      'next',
      'restart',
      'fullscreen',
      'fullscreen',
      'escape',
      null,
    ]);
  });

  it('leave Space to a focused button, which it presses', () => {
    expect(presenterCommand(press(' ', { focus: 'pressable' }))).toBeNull();
    expect(presenterCommand(press('ArrowRight', { focus: 'pressable' }))).toBe('next');
  });

  it('leave fields and widgets their keys', () => {
    for (const focus of ['field', 'widget'] as const) {
      expect(presenterCommand(press('ArrowLeft', { focus }))).toBeNull();
      expect(presenterCommand(press(' ', { focus }))).toBeNull();
      expect(presenterCommand(press('Home', { focus }))).toBeNull();
    }
    expect(presenterCommand(press('f', { focus: 'field' }))).toBeNull();
    expect(presenterCommand(press('Escape', { focus: 'field' }))).toBe('escape');
  });

  it('ignore presses with a modifier, and a held Space', () => {
    expect(presenterCommand(press('ArrowRight', { altKey: true }))).toBeNull();
    expect(presenterCommand(press('f', { ctrlKey: true }))).toBeNull();
    expect(presenterCommand(press(' ', { repeat: true }))).toBeNull();
    expect(presenterCommand(press('ArrowRight', { repeat: true }))).toBe('next');
  });
});
