/** Pure: the colour theme a user picked, how it persists, and how it applies to the page. */
import type { KeyValueStorage } from '../../state';

export type ThemePreference = 'light' | 'dark' | 'system';

/** The one localStorage key for the theme. */
export const THEME_STORAGE_KEY = 'loopscope.theme';

const isPreference = (value: unknown): value is ThemePreference =>
  value === 'light' || value === 'dark' || value === 'system';

/** The saved preference; 'system' when none is saved or storage refuses. */
export function readTheme(storage: KeyValueStorage): ThemePreference {
  try {
    const saved = storage.getItem(THEME_STORAGE_KEY);
    return isPreference(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Saves the preference; a refusing storage only loses it on reload. */
export function saveTheme(storage: KeyValueStorage, theme: ThemePreference): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse: the theme still applies to this page.
  }
}

/** Sets `.dark` or `.light` on the root (index.css keys `dark:` off them); none follows the OS. */
export function applyTheme(root: Pick<Element, 'classList'>, theme: ThemePreference): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}
