import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../state';
import { applyTheme, readTheme, saveTheme, THEME_STORAGE_KEY } from './theme';

function fakeRoot() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, force?: boolean) => {
        if (force) classes.add(name);
        else classes.delete(name);
        return !!force;
      },
    } as unknown as DOMTokenList,
  };
}

describe('the theme preference', () => {
  it('follows the system when nothing is saved', () => {
    expect(readTheme(createMemoryStorage())).toBe('system');
  });

  it('reads back what was saved', () => {
    const storage = createMemoryStorage();
    saveTheme(storage, 'dark');
    expect(readTheme(storage)).toBe('dark');
  });

  it('ignores a value it does not know', () => {
    const storage = createMemoryStorage();
    storage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readTheme(storage)).toBe('system');
  });

  it('falls back to the system when storage throws', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readTheme(refusing)).toBe('system');
    expect(() => saveTheme(refusing, 'light')).not.toThrow();
  });
});

describe('applying a theme', () => {
  it('sets exactly one class for light or dark, none for system', () => {
    const root = fakeRoot();
    applyTheme(root, 'dark');
    expect([...root.classes]).toEqual(['dark']);
    applyTheme(root, 'light');
    expect([...root.classes]).toEqual(['light']);
    applyTheme(root, 'system');
    expect([...root.classes]).toEqual([]);
  });
});
