import { useState, type ReactNode } from 'react';
import type { KeyValueStorage } from '../../state';
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/icons';
import { applyTheme, readTheme, saveTheme, type ThemePreference } from './theme';

const CHOICES: readonly { value: ThemePreference; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunIcon /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon /> },
  { value: 'system', label: 'System', icon: <MonitorIcon /> },
];

/**
 * The "Theme" switch: light, dark or the system's, as three radio buttons (arrow keys move
 * between them). The choice applies at once and persists; main.tsx applies it before the first
 * paint.
 */
export function ThemeToggle({ storage }: { readonly storage: KeyValueStorage }) {
  const [theme, setTheme] = useState(() => readTheme(storage));
  const choose = (next: ThemePreference) => {
    setTheme(next);
    saveTheme(storage, next);
    applyTheme(document.documentElement, next);
  };
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className="flex items-center rounded-md border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-900"
    >
      {CHOICES.map((choice) => (
        <label key={choice.value} title={`${choice.label} theme`} className="relative flex">
          <input
            type="radio"
            name="loopscope-theme"
            value={choice.value}
            checked={theme === choice.value}
            onChange={() => choose(choice.value)}
            className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
          />
          <span className="flex h-6 w-7 cursor-pointer items-center justify-center rounded text-slate-600 peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-sky-500 hover:text-slate-900 dark:text-slate-400 dark:peer-checked:bg-slate-700 dark:peer-checked:text-slate-50 dark:hover:text-slate-100 dark:peer-focus-visible:ring-sky-400">
            {choice.icon}
            <span className="sr-only">{choice.label}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
