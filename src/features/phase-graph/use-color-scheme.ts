/**
 * The page's effective colour scheme: `.dark` or `.light` on the root (the theme toggle), else
 * the OS preference. xyflow needs it spelled out (its `colorMode` class would otherwise fight
 * the page's `dark:` variants), so the canvas follows the page, not only the OS.
 */
import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

function read(): ColorScheme {
  const root = document.documentElement.classList;
  if (root.contains('dark')) return 'dark';
  if (root.contains('light')) return 'light';
  return window.matchMedia(QUERY).matches ? 'dark' : 'light';
}

/** Watches the root's class and the OS preference; both are outside React. */
function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => {
    media.removeEventListener('change', onChange);
    observer.disconnect();
  };
}

/** The colour scheme the page shows now. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, read, () => 'light');
}
