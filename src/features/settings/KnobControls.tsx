import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FOCUS_RING } from '../../components';
import type { ConfigOverrides, LoopConfig } from '../../engine';
import { checkNumber, type ChoiceKnob, type Knob, type NumberKnob, type SwitchKnob } from './knobs';

const FIELD = `h-7 rounded-md border border-slate-300 bg-white px-2 text-[13px] text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`;

/** How far an arrow key moves the choice of a segmented control. */
const ARROW_MOVES: Readonly<Partial<Record<string, 1 | -1>>> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

interface KnobProps<K extends Knob> {
  readonly knob: K;
  readonly config: LoopConfig;
  readonly changed: boolean;
  readonly onChange: (change: ConfigOverrides) => void;
  /** A setting this one defeats, or that defeats it, in words (a number field shows it). */
  readonly warning?: string | null;
}

/** Label row (label, a dot when the value differs from the default, the control) and the help line. */
function KnobRow({
  labelId,
  controlId,
  label,
  helpId,
  help,
  changed,
  control,
  stacked = false,
  children,
}: {
  readonly labelId: string;
  readonly controlId?: string;
  readonly label: string;
  readonly helpId: string;
  readonly help: string;
  readonly changed: boolean;
  readonly control: ReactNode;
  readonly stacked?: boolean;
  readonly children?: ReactNode;
}) {
  return (
    <div className="py-2">
      <div
        className={stacked ? 'flex flex-col gap-1.5' : 'flex items-center justify-between gap-3'}
      >
        <span className="flex min-w-0 items-center gap-1.5">
          {controlId ? (
            <label
              id={labelId}
              htmlFor={controlId}
              className="text-[13px] font-medium text-slate-800 dark:text-slate-100"
            >
              {label}
            </label>
          ) : (
            <span
              id={labelId}
              className="text-[13px] font-medium text-slate-800 dark:text-slate-100"
            >
              {label}
            </span>
          )}
          {changed && (
            <span
              title="Changed from the default"
              className="size-1.5 shrink-0 rounded-full bg-sky-500 dark:bg-sky-400"
            >
              <span className="sr-only">changed</span>
            </span>
          )}
        </span>
        {control}
      </div>
      <p id={helpId} className="mt-1 text-[11px] leading-snug text-slate-500 dark:text-slate-400">
        {help}
      </p>
      {children}
    </div>
  );
}

function SelectKnob({ knob, config, changed, onChange }: KnobProps<ChoiceKnob>) {
  const id = useId();
  return (
    <KnobRow
      labelId={`${id}-label`}
      controlId={id}
      label={knob.label}
      helpId={`${id}-help`}
      help={knob.help}
      changed={changed}
      // Label above, select the row's width below (as the segmented control): a narrow pane keeps
      // both the label and the longest option ("Fixed cadence") whole.
      stacked
      control={
        <select
          id={id}
          aria-describedby={`${id}-help`}
          value={knob.read(config)}
          onChange={(event) => onChange(knob.write(event.target.value))}
          className={`w-full ${FIELD}`}
        >
          {knob.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      }
    />
  );
}

function SegmentedKnob({ knob, config, changed, onChange }: KnobProps<ChoiceKnob>) {
  const id = useId();
  const current = knob.read(config);
  // Arrow keys move the choice here (as a native radio group does), ahead of the page's
  // shortcuts, which would otherwise take ←/→ to step through the run.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = ARROW_MOVES[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const { options } = knob;
    const at = options.findIndex((option) => option.value === current);
    const next = options[(at + move + options.length) % options.length];
    if (!next) return;
    onChange(knob.write(next.value));
    event.currentTarget.querySelector<HTMLInputElement>(`input[value="${next.value}"]`)?.focus();
  };
  return (
    <KnobRow
      labelId={`${id}-label`}
      label={knob.label}
      helpId={`${id}-help`}
      help={knob.help}
      changed={changed}
      stacked
      control={
        <div
          role="radiogroup"
          onKeyDown={onKeyDown}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          className="grid grid-flow-col rounded-md border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-600 dark:bg-slate-900"
        >
          {knob.options.map((option) => (
            <label
              key={option.value}
              className="relative cursor-pointer rounded px-2 py-0.5 text-center text-xs font-medium text-slate-600 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-sky-500 dark:text-slate-400 dark:has-checked:bg-slate-700 dark:has-checked:text-slate-50 dark:has-focus-visible:ring-sky-400"
            >
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={option.value === current}
                onChange={() => onChange(knob.write(option.value))}
                className="absolute inset-0 cursor-pointer appearance-none rounded opacity-0"
              />
              {option.label}
            </label>
          ))}
        </div>
      }
    />
  );
}

function SwitchControl({ knob, config, changed, onChange }: KnobProps<SwitchKnob>) {
  const id = useId();
  const on = knob.read(config);
  return (
    <KnobRow
      labelId={`${id}-label`}
      label={knob.label}
      helpId={`${id}-help`}
      help={knob.help}
      changed={changed}
      control={
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help`}
          onClick={() => onChange(knob.write(!on))}
          className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors ${
            on ? 'bg-sky-600 dark:bg-sky-500' : 'bg-slate-400 dark:bg-slate-600'
          } ${FOCUS_RING}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
              on ? 'translate-x-[1.125rem]' : 'translate-x-0.5'
            }`}
          />
        </button>
      }
    />
  );
}

/** A number field that commits valid values as they are typed and names the problem with others. */
function NumberControl({ knob, config, changed, onChange, warning = null }: KnobProps<NumberKnob>) {
  const id = useId();
  const value = knob.read(config);
  // What the user typed, and the value it was typed over (a newer value from elsewhere wins).
  const [draft, setDraft] = useState<{ readonly text: string; readonly base: number } | null>(null);
  const typed = draft && draft.base === value ? draft.text : null;
  const check = typed === null ? null : checkNumber(knob, typed);
  const error = check && !check.ok ? check.message : null;
  return (
    <KnobRow
      labelId={`${id}-label`}
      controlId={id}
      label={knob.label}
      helpId={`${id}-help`}
      help={knob.help}
      changed={changed}
      control={
        <input
          id={id}
          type="number"
          inputMode={knob.number === 'whole' ? 'numeric' : 'decimal'}
          min={knob.min}
          max={knob.number === 'fraction' ? 1 : undefined}
          step={knob.number === 'fraction' ? 0.05 : 1}
          value={typed ?? String(value)}
          aria-invalid={error !== null}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}${warning ? ` ${id}-warning` : ''}`}
          onChange={(event) => {
            const text = event.target.value;
            const next = checkNumber(knob, text);
            if (next.ok && next.value !== value) onChange(knob.write(next.value));
            setDraft({ text, base: next.ok ? next.value : value });
          }}
          onBlur={() => {
            if (!error) setDraft(null);
          }}
          className={`w-20 shrink-0 text-right tabular-nums ${FIELD} aria-invalid:border-rose-500 aria-invalid:focus-visible:ring-rose-500 dark:aria-invalid:border-rose-400 dark:aria-invalid:focus-visible:ring-rose-400`}
        />
      }
    >
      <p
        id={`${id}-error`}
        aria-live="polite"
        className="mt-1 text-[11px] font-medium text-rose-700 empty:hidden dark:text-rose-300"
      >
        {error}
      </p>
      {warning && (
        <p
          id={`${id}-warning`}
          role="note"
          className="mt-1 rounded bg-amber-50 px-1.5 py-1 text-[11px] leading-snug font-medium text-amber-950 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {warning}
        </p>
      )}
    </KnobRow>
  );
}

/** The control a knob asks for. */
export function KnobControl(props: KnobProps<Knob>) {
  const { knob } = props;
  switch (knob.kind) {
    case 'number':
      return <NumberControl {...props} knob={knob} />;
    case 'switch':
      return <SwitchControl {...props} knob={knob} />;
    case 'choice':
      return knob.style === 'segmented' ? (
        <SegmentedKnob {...props} knob={knob} />
      ) : (
        <SelectKnob {...props} knob={knob} />
      );
  }
}
