import { useId, useState } from 'react';
import { FOCUS_RING } from '../../components';

export interface NumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  /** One muted line beside the field (its accessible description). */
  readonly hint: string;
  /** Each number typed (the store clamps it). */
  readonly onChange: (value: number) => void;
  readonly disabled?: boolean;
}

/** A labelled whole-number field; what is typed stays as typed until it leaves the field. */
export function NumberField({
  label,
  value,
  min,
  max,
  hint,
  onChange,
  disabled,
}: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <label htmlFor={id} className="text-[13px] font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft ?? String(value)}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => {
          setDraft(event.target.value);
          const typed = Number(event.target.value);
          if (event.target.value !== '' && Number.isFinite(typed)) onChange(typed);
        }}
        onBlur={() => setDraft(null)}
        className={`h-7 w-16 rounded-md border border-slate-300 bg-white px-2 text-[13px] tabular-nums disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`}
      />
      <span id={hintId} className="text-[11px] text-slate-500 dark:text-slate-400">
        {hint}
      </span>
    </div>
  );
}
