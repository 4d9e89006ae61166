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
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
      <h1
        className="shrink-0 text-[15px] font-semibold tracking-tight"
        title="Agent loops (ReAct, ReflAct and ACT) as an explicit state machine"
      >
        Loopscope
      </h1>
      <ViewSwitch current="inspect" scenario={scenarioId} />
      <ScenarioHeading />
      {/* Only the model note gives way (it truncates): the controls beside it stay whole. */}
      <div className="ml-auto flex min-w-0 items-center gap-3 *:shrink-0 *:last:shrink-0">
        <CopyLinkButton
          what="this run"
          link={() => pageLink(inspectorHash(store.getState(), { copied: true }))}
        />
        {onExport && <ExportMenu onExport={onExport} />}
        {/* Below 1280 wide the Model select says as much; the header keeps its controls whole. */}
        <div className="max-w-72 min-w-0 shrink max-xl:hidden">
          <ModelNote />
        </div>
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
}
