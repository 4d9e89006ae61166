import { clipLine } from '../../components';
import { ViewSwitch } from '../../components/ViewSwitch';
import type { KeyValueStorage } from '../../state';
import { compareScenario } from '../../state/compare-store';
import { ModelNote } from '../endpoints';
import { useCompare } from './compare-context';
import { selectScenarioId } from './selectors';
import { ThemeToggle } from '../inspector';

/** The page's heading, the view switch (Inspect opens on this scenario), the scenario, the model, the theme. */
export function CompareHeader({
  storage,
  readOnly = false,
}: {
  readonly storage: KeyValueStorage;
  /** Recorded lanes shown read-only: no view switch, no model, no icon file. */
  readonly readOnly?: boolean;
}) {
  const scenarioId = useCompare(selectScenarioId);
  const scenario = useCompare(compareScenario);
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      {!readOnly && <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />}
      <h1
        className="shrink-0 text-[15px] font-semibold tracking-tight"
        title="Agent loops (ReAct, ReflAct and ACT) as an explicit state machine"
      >
        Loopscope
      </h1>
      {!readOnly && <ViewSwitch current="compare" scenario={scenarioId} />}
      <div className="min-w-0 border-l border-slate-200 pl-3 leading-tight dark:border-slate-800">
        <h2 className="truncate text-[13px] font-medium" title={clipLine(scenario.title)}>
          {clipLine(scenario.title)}
        </h2>
        <p
          className="truncate text-xs text-slate-600 dark:text-slate-400"
          title={clipLine(scenario.task)}
        >
          <span className="font-medium">Task:</span> {clipLine(scenario.task)}
        </p>
      </div>
      <div className="ml-auto flex max-w-[40%] min-w-0 shrink-0 items-center gap-3">
        {/* Below 1536 wide the toolbar's Model select says as much: the theme switch stays whole. */}
        {!readOnly && (
          <div className="min-w-0 max-2xl:hidden">
            <ModelNote />
          </div>
        )}
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
}
