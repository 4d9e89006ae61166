import { useId, useState, type FormEvent } from 'react';
import { Button, FOCUS_RING, ModalDialog } from '../../components';
import type { ConfigOverrides } from '../../engine';
import {
  MAX_CONFIG_NAME,
  nameProblem,
  type SaveProblem,
  type SavedConfigsState,
} from '../../state/saved-configs';
import { useSavedConfigs, useSavedConfigsActions } from '../saved-configs';

export interface SaveSettingsButtonProps {
  /** The settings to save (the run's overrides: what differs from the scenario's defaults). */
  readonly overrides: ConfigOverrides;
  /** Each setting that differs from the scenario's defaults, in words. */
  readonly changes: readonly string[];
  /** Names the eval presets use (a saved config may not take one). */
  readonly reserved: readonly string[];
}

const selectConfigs = (state: SavedConfigsState) => state.configs;

/** The dialog's form: a name, what will be saved, Save (or Replace when the name is taken). */
function SaveForm({
  overrides,
  changes,
  reserved,
  onDone,
}: SaveSettingsButtonProps & { readonly onDone: (name: string) => void }) {
  const { save } = useSavedConfigsActions();
  const configs = useSavedConfigs(selectConfigs);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ kind: SaveProblem; message: string } | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent, replace = false) => {
    event.preventDefault();
    const result = save(name, overrides, { replace });
    if (result.ok) onDone(result.name);
    else setProblem({ kind: result.problem, message: result.message });
  };

  return (
    <form onSubmit={(event) => submit(event)} className="space-y-3" noValidate>
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-[13px] font-medium">
          Name
        </label>
        <input
          id={inputId}
          value={name}
          autoFocus
          maxLength={MAX_CONFIG_NAME + 20}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            // Say at once when the name is one the list already has; other problems wait for Save.
            const taken = nameProblem(event.target.value, configs, reserved);
            setProblem(
              taken?.problem === 'taken' ? { kind: 'taken', message: taken.message } : null,
            );
          }}
          placeholder="e.g. reflact, cadence 2"
          className={`h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-[13px] text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
        />
        {problem && (
          <p id={errorId} role="alert" className="text-[12px] text-rose-700 dark:text-rose-300">
            {problem.message}
          </p>
        )}
      </div>
      <div className="rounded-md bg-slate-50 px-2.5 py-2 text-[12px] text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
        <p className="font-medium">What is saved</p>
        {changes.length > 0 ? (
          <ul className="mt-0.5 list-disc pl-4">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-0.5">Nothing differs from the defaults.</p>
        )}
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Settings not listed keep each scenario&apos;s defaults. Saved settings are columns you can
          pick in the eval matrix; they stay in this browser.
        </p>
      </div>
      <div className="flex justify-end gap-2">
        {problem?.kind === 'taken' ? (
          <Button tone="primary" onClick={(event) => submit(event, true)}>
            Replace
          </Button>
        ) : (
          <Button tone="primary" type="submit">
            Save
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * "Save…": names the current settings and saves them for the eval matrix (in the saved-settings
 * store, which must be provided above it).
 */
export function SaveSettingsButton({ overrides, changes, reserved }: SaveSettingsButtonProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setSaved(null);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        title="Save these settings under a name, to pick them in the eval matrix"
        className={`rounded px-1.5 py-1 text-[11px] font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950/50 ${FOCUS_RING}`}
      >
        Save…
      </button>
      <span role="status" className="sr-only">
        {saved ? `Saved as "${saved}".` : ''}
      </span>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Save settings"
        description="Give these settings a name to pick them as a column in the eval matrix."
        className="w-[26rem]"
      >
        <SaveForm
          overrides={overrides}
          changes={changes}
          reserved={reserved}
          onDone={(name) => {
            setSaved(name);
            setOpen(false);
          }}
        />
      </ModalDialog>
    </>
  );
}
