import { CopyLinkButton, pageLink } from '../../components';
import { ViewSwitch } from '../../components/ViewSwitch';
import type { KeyValueStorage } from '../../state';
import { ModelNote } from '../endpoints';
import { useRunStore, useRunStoreApi } from '../run';
import { inspectorHash } from './link';
import { ScenarioHeading } from './ScenarioHeading';
import { selectScenarioId } from './selectors';
import { ThemeToggle } from './ThemeToggle';
import { ExportMenu, type RunExporter } from './ExportMenu';

/**
 * The page's one heading, the view switch (Compare opens on this scenario), the scenario and its
 * task, Copy link (the scenario, settings and step), Export (the run as a file), what the model
 * is, and the theme switch.
 */
export function InspectorHeader({
  storage,
  onExport,
}: {
  readonly storage: KeyValueStorage;
  /** Export's formats (the app makes the files); no Export without it. */
  readonly onExport?: RunExporter | undefined;
}) {
  const scenarioId = useRunStore(selectScenarioId);
  const store = useRunStoreApi();
  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b max-xl:gap-2 border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
      <h1
        className="shrink-0 text-[15px] font-semibold tracking-tight"
        title="Agent loops (ReAct, ReflAct and ACT) as an explicit state machine"
      >
        Loopscope
      </h1>
      <ViewSwitch current="inspect" scenario={scenarioId} />
      <ScenarioHeading />
      {/* The scenario heading and the model note give way (they truncate); the controls stay whole. */}
      <div className="ml-auto flex shrink-0 items-center gap-3 max-xl:gap-2">
        <CopyLinkButton
          what="this run"
          link={() => pageLink(inspectorHash(store.getState(), { copied: true }))}
        />
        {onExport && <ExportMenu onExport={onExport} />}
      </div>
      {/* Below 1280 wide the Model select says as much. */}
      <div className="max-w-72 min-w-0 max-xl:hidden">
        <ModelNote />
      </div>
      <div className="shrink-0">
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
}
