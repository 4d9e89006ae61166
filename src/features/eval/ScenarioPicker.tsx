import { memo, useId, useMemo } from 'react';
import type { Scenario } from '../../engine';
import { clipLine, FOCUS_RING } from '../../components';
import { useChosenEndpoint } from './endpoint-choice';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { HEADING } from './styles';
import { groupByFirstTag, tagShortcuts } from './scenario-groups';
import { selectScenarioIds } from './selectors';

const CHIP = `inline-flex h-6 items-center gap-1 rounded-full border px-2 text-[11px] font-medium transition-colors ${FOCUS_RING}`;
const CHIP_OFF =
  'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800';
const CHIP_ON =
  'border-sky-600 bg-sky-50 text-sky-800 dark:border-sky-400 dark:bg-sky-400/15 dark:text-sky-200';

/** Scenario checkboxes grouped by first tag, with All / None and one shortcut per tag. */
export const ScenarioPicker = memo(function ScenarioPicker({
  scenarios,
}: {
  readonly scenarios: readonly Scenario[];
}) {
  const actions = useEvalActions();
  const selected = useEvalStore(selectScenarioIds);
  const groups = useMemo(() => groupByFirstTag(scenarios), [scenarios]);
  const shortcuts = useMemo(() => tagShortcuts(scenarios), [scenarios]);
  const picked = new Set(selected);
  // On an endpoint the scripted replays are skipped: their rows say so (the Model section explains).
  const onEndpoint = useChosenEndpoint() !== null;
  const headingId = useId();
  return (
    <section role="group" aria-labelledby={headingId} className="min-w-0">
      <div className="flex items-center justify-between">
        <h3 id={headingId} className={HEADING}>
          Scenarios{' '}
          <span className="font-normal tabular-nums normal-case">
            {selected.length}/{scenarios.length}
          </span>
        </h3>
        <div className="flex gap-1">
          <button
            type="button"
            className={`${CHIP} ${CHIP_OFF}`}
            aria-label="Select all scenarios"
            onClick={() => actions.setScenarios(scenarios.map((s) => s.id))}
          >
            All
          </button>
          <button
            type="button"
            className={`${CHIP} ${CHIP_OFF}`}
            aria-label="Select no scenarios"
            onClick={() => actions.setScenarios([])}
          >
            None
          </button>
        </div>
      </div>
      <div role="group" aria-label="Pick by tag" className="mt-2 flex flex-wrap gap-1">
        {shortcuts.map(({ tag, ids }) => {
          const all = ids.every((id) => picked.has(id));
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={all}
              aria-label={`All ${tag} scenarios`}
              title={`${all ? 'Drop' : 'Add'} every ${tag} scenario (${ids.length})`}
              className={`${CHIP} ${all ? CHIP_ON : CHIP_OFF}`}
              onClick={() => actions.selectTag(tag, !all)}
            >
              {tag}
              <span className="tabular-nums opacity-60">{ids.length}</span>
            </button>
          );
        })}
      </div>
      <div className="mt-2 space-y-2">
        {groups.map((group) => (
          <div key={group.tag} role="group" aria-label={`${group.tag} scenarios`}>
            <div
              className="px-1 text-[11px] font-medium text-slate-500 dark:text-slate-400"
              aria-hidden="true"
            >
              {group.tag}
            </div>
            {group.scenarios.map((scenario) => {
              const skipped = onEndpoint && scenario.model.kind === 'scripted';
              return (
                <label
                  key={scenario.id}
                  title={`${clipLine(scenario.title)}\n${clipLine(scenario.id)} · ${scenario.tags.join(', ')}${
                    skipped ? '\nScripted replay: skipped on an endpoint' : ''
                  }`}
                  className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-[13px] hover:bg-slate-100 dark:hover:bg-slate-900"
                >
                  <input
                    type="checkbox"
                    checked={picked.has(scenario.id)}
                    onChange={() => actions.toggleScenario(scenario.id)}
                    className={`h-3.5 w-3.5 shrink-0 accent-sky-700 dark:accent-sky-400 ${FOCUS_RING}`}
                  />
                  <span
                    className={`truncate ${skipped ? 'text-slate-500 dark:text-slate-400' : ''}`}
                  >
                    {clipLine(scenario.title)}
                  </span>
                  {skipped && (
                    <span
                      aria-hidden="true"
                      className="ml-auto shrink-0 rounded border border-slate-300 px-1 text-[10px] font-medium text-slate-500 dark:border-slate-700 dark:text-slate-400"
                    >
                      replay
                    </span>
                  )}
                </label>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
});
