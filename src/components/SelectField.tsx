import { useId } from 'react';
import { FOCUS_RING } from './focus-ring';

export interface SelectOption<T extends string> {
  readonly value: T;
  readonly label: string;
  /** The `<optgroup>` it is listed under (options without one come first, ungrouped). */
  readonly group?: string;
}

/** Pure: the options without a group, then each group's in the order groups first appear. */
function grouped<T extends string>(options: readonly SelectOption<T>[]) {
  const groups = new Map<string, SelectOption<T>[]>();
  for (const option of options) {
    if (option.group !== undefined)
      groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  }
  return { loose: options.filter((option) => option.group === undefined), groups: [...groups] };
}

function Options<T extends string>({ options }: { readonly options: readonly SelectOption<T>[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export interface SelectFieldProps<T extends string> {
  readonly label: string;
  readonly value: T;
  readonly options: readonly SelectOption<T>[];
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
  readonly className?: string;
  /** `stacked` (default): the label above the select; `inline`: beside it, for toolbars. */
  readonly layout?: 'stacked' | 'inline';
  /** Extra classes for the select itself (its width in a toolbar). */
  readonly selectClassName?: string;
  /** A tooltip on the select (such as the full name of the picked option). */
  readonly title?: string | undefined;
}

/**
 * A native select with a visible label above it (the label names it for assistive tech); options
 * that name a group are listed under its `<optgroup>`.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
  className = '',
  layout = 'stacked',
  selectClassName = '',
  title,
}: SelectFieldProps<T>) {
  const id = useId();
  const inline = layout === 'inline';
  const { loose, groups } = grouped(options);
  return (
    <div
      className={`flex min-w-0 ${inline ? 'items-center gap-1.5' : 'flex-col gap-1'} ${className}`}
    >
      <label
        htmlFor={id}
        className="shrink-0 text-xs font-medium whitespace-nowrap text-slate-600 dark:text-slate-300"
      >
        {label}
      </label>
      <select
        id={id}
        value={value}
        title={title}
        disabled={disabled}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={`${inline ? 'h-8 text-[13px]' : 'h-9 text-sm'} min-w-0 rounded-md border border-slate-300 bg-white px-2 text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING} ${selectClassName}`}
      >
        <Options options={loose} />
        {groups.map(([group, members]) => (
          <optgroup key={group} label={group}>
            <Options options={members} />
          </optgroup>
        ))}
      </select>
    </div>
  );
}
