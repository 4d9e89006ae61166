/** The endpoint form's labelled inputs: a label above, an error below that names the field. */
import { useId, type InputHTMLAttributes } from 'react';
import { FOCUS_RING } from '../../components';

const INPUT = `h-9 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${FOCUS_RING}`;

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  readonly label: string;
  readonly value: string;
  readonly onValue: (value: string) => void;
  /** A message about this field (from validation); marks it invalid. */
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
}

/** A labelled text input; its error and hint are its description. */
export function TextInput({
  label,
  value,
  onValue,
  error,
  hint,
  className = '',
  ...rest
}: TextInputProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${INPUT} ${error ? 'border-rose-500 dark:border-rose-400' : 'border-slate-300 dark:border-slate-600'}`}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label to the right; `describedBy` names the hint that explains it. */
export function Checkbox({
  label,
  checked,
  onChecked,
  describedBy,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChecked: (checked: boolean) => void;
  readonly describedBy?: string | undefined;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-describedby={describedBy}
        className={`size-4 rounded accent-sky-700 dark:accent-sky-400 ${FOCUS_RING}`}
      />
      {label}
    </label>
  );
}
