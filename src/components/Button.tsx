import type { ButtonHTMLAttributes } from 'react';
import { FOCUS_RING } from './focus-ring';

const TONES = {
  primary:
    'bg-sky-700 text-white hover:bg-sky-800 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly tone?: keyof typeof TONES;
}

/** A plain button with the shared focus ring; disabled buttons fade and ignore the pointer. */
export function Button({
  tone = 'secondary',
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex h-9 items-center justify-center rounded-md px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${TONES[tone]} ${FOCUS_RING} ${className}`}
      {...rest}
    />
  );
}
