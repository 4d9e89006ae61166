import type { ButtonHTMLAttributes } from 'react';
import { FOCUS_RING } from './focus-ring';

const TONES = {
  primary:
    'bg-sky-700 text-white hover:bg-sky-800 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800',
  danger:
    'border border-rose-300 bg-white text-rose-800 hover:bg-rose-50 dark:border-rose-800 dark:bg-slate-900 dark:text-rose-200 dark:hover:bg-rose-950/60',
} as const;

const SIZES = {
  icon: 'h-8 w-8',
  sm: 'h-8 gap-1.5 px-2.5',
  md: 'h-9 gap-2 px-4',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly tone?: keyof typeof TONES;
  /** `md` (default) for forms; `sm` for toolbars. */
  readonly size?: keyof typeof SIZES;
  /**
   * Disabled, it stays focusable (`aria-disabled`, clicks ignored) rather than drop the keyboard's
   * focus to the page: for a control that disables itself when pressed (Run starts a run).
   */
  readonly focusableWhenDisabled?: boolean;
}

/** A plain button with the shared focus ring; disabled buttons fade and ignore the pointer. */
export function Button({
  tone = 'secondary',
  size = 'md',
  className = '',
  type = 'button',
  focusableWhenDisabled = false,
  disabled = false,
  onClick,
  ...rest
}: ButtonProps) {
  const soft = focusableWhenDisabled && disabled;
  return (
    <button
      type={type}
      className={`inline-flex shrink-0 items-center justify-center rounded-md text-sm whitespace-nowrap ${SIZES[size]} font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${TONES[tone]} ${FOCUS_RING} ${className}`}
      disabled={disabled && !soft}
      aria-disabled={soft ? true : undefined}
      onClick={soft ? undefined : onClick}
      {...rest}
    />
  );
}
