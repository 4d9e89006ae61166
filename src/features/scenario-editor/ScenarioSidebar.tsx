import { useStore } from 'zustand';
import { Button, FOCUS_RING, SelectField } from '../../components';
import type { Scenario } from '../../engine';
import type { LibraryStore } from '../../state/library-store';
import { useEditorActions, useEditorStore } from './editor-context';
import { selectBuiltinId, selectDrafting, selectEditing, selectKeptScenarios } from './selectors';

export interface ScenarioSidebarProps {
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
}

/** How to start (a copy of a built-in) and the user's kept scenarios, each opened by a click. */
export function ScenarioSidebar({ library, builtins }: ScenarioSidebarProps) {
  const kept = useStore(library, selectKeptScenarios);
  const builtinId = useEditorStore(selectBuiltinId);
  const editing = useEditorStore(selectEditing);
  const drafting = useEditorStore(selectDrafting);
  const actions = useEditorActions();
  return (
    <aside
      aria-label="Scenarios"
      className="flex w-72 shrink-0 flex-col gap-5 overflow-y-auto border-r border-slate-200 p-3 dark:border-slate-800"
    >
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Start from a built-in</h2>
        <SelectField
          label="Built-in scenario"
          value={builtinId}
          options={builtins.map((scenario) => ({ value: scenario.id, label: scenario.id }))}
          onChange={actions.chooseBuiltin}
        />
        <Button size="sm" onClick={() => actions.duplicate(builtinId)}>
          Duplicate a built-in
        </Button>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Your scenarios</h2>
        {kept.length === 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            None yet. Duplicate a built-in, or open a scenario file (Open…).
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {kept.map((scenario) => {
              const open = drafting && editing === scenario.id;
              return (
                <li key={scenario.id}>
                  <button
                    type="button"
                    onClick={() => actions.open(scenario.id)}
                    aria-current={open ? 'true' : undefined}
                    className={`w-full truncate rounded px-2 py-1 text-left font-mono text-[12.5px] ${FOCUS_RING} ${
                      open
                        ? 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100'
                        : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                    }`}
                  >
                    {scenario.id}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </aside>
  );
}
