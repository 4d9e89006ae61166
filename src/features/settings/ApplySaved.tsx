import { useId } from 'react';
import { FOCUS_RING } from '../../components';
import type { ConfigOverrides } from '../../engine';
import type { SavedConfigsState } from '../../state/saved-configs';
import { useSavedConfigs } from '../saved-configs';

const selectConfigs = (state: SavedConfigsState) => state.configs;

/**
 * "Apply saved settings": a select of the saved settings by name; picking one hands its
 * overrides to `onApply` and the select goes back to its prompt. Nothing shows while none is
 * saved.
 */
export function ApplySaved({
  onApply,
  className = '',
}: {
  readonly onApply: (overrides: ConfigOverrides) => void;
  readonly className?: string;
}) {
  const configs = useSavedConfigs(selectConfigs);
  const id = useId();
  if (configs.length === 0) return null;
  return (
    <div className={`flex min-w-0 items-center gap-1.5 ${className}`}>
      <label
        htmlFor={id}
        className="shrink-0 text-[11px] font-medium text-slate-600 dark:text-slate-300"
      >
        Apply saved settings
      </label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          const picked = configs.find((config) => config.name === event.target.value);
          if (picked) onApply(picked.overrides);
        }}
        className={`h-7 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-1.5 text-[12px] text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
      >
        <option value="" disabled>
          Choose…
        </option>
        {configs.map((config) => (
          <option key={config.name} value={config.name}>
            {config.name}
          </option>
        ))}
      </select>
    </div>
  );
}
