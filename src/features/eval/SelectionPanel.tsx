import type { Scenario } from '../../engine';
import { ConfigPicker } from './ConfigPicker';
import { ModelSection } from './ModelSection';
import { RunPanel } from './RunPanel';
import { ScenarioPicker } from './ScenarioPicker';
import { SeedsField } from './SeedsField';

/** The left column: what the matrix runs (model, scenarios, configs, seeds), then Run / Cancel and progress. */
export function SelectionPanel({ scenarios }: { readonly scenarios: readonly Scenario[] }) {
  return (
    <aside
      aria-label="Matrix setup"
      className="flex w-72 shrink-0 flex-col border-r border-slate-200 dark:border-slate-800"
    >
      <div className="border-b border-slate-200 px-3 py-2.5 dark:border-slate-800">
        <h2 className="text-[15px] font-semibold tracking-tight">Eval matrix</h2>
        <p className="mt-0.5 text-[12px] leading-snug text-slate-500 dark:text-slate-400">
          Scenarios × configs × seeds, run in a background worker: on the built-in models, or on one
          of your endpoints a few at a time.
        </p>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-3 py-3">
        <ModelSection scenarios={scenarios} />
        <ScenarioPicker scenarios={scenarios} />
        <ConfigPicker />
        <SeedsField />
      </div>
      <RunPanel scenarios={scenarios} />
    </aside>
  );
}
