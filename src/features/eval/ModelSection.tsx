import { memo, useId } from 'react';
import type { Scenario } from '../../engine';
import { FOCUS_RING } from '../../components';
import { originNeedingReload, type EndpointsState } from '../../state/endpoints-store';
import { BUILTIN_MODELS } from '../../state/eval-store';
import { MAX_EVAL_CONCURRENCY } from '../../workers/eval-protocol';
import { ManageEndpoints, ReloadNotice, useEndpoints } from '../endpoints';
import { hostOf, useChosenEndpoint, useUserEndpoints } from './endpoint-choice';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { NumberField } from './NumberField';
import { selectConcurrency, selectScenarioIds } from './selectors';
import { HEADING, MUTED } from './styles';

const selectKeyed = (state: EndpointsState) => state.keyed;

/**
 * "Model": the built-in models or one of the user's endpoints; on an endpoint, what it calls,
 * "Concurrent runs", and which picked scenarios it skips (the scripted replays).
 */
export const ModelSection = memo(function ModelSection({
  scenarios,
}: {
  readonly scenarios: readonly Scenario[];
}) {
  const actions = useEvalActions();
  const endpoints = useUserEndpoints();
  const chosen = useChosenEndpoint();
  const keyed = useEndpoints(selectKeyed);
  // An endpoint added since the page loaded is outside its connect policy: say so before Run,
  // not as an error on every row of the matrix.
  const blocked = useEndpoints((state) =>
    chosen ? originNeedingReload(chosen.baseUrl, state.connectOrigins) !== null : false,
  );
  const concurrency = useEvalStore(selectConcurrency);
  const picked = useEvalStore(selectScenarioIds);
  const id = useId();
  const noteId = useId();
  const replays = scenarios.filter(
    (scenario) => scenario.model.kind === 'scripted' && picked.includes(scenario.id),
  ).length;

  const note = chosen
    ? `Calls ${chosen.model} at ${hostOf(chosen.baseUrl)} · ${chosen.protocol} protocol · ${
        keyed.includes(chosen.id) ? 'key set' : 'no key'
      }`
    : endpoints.length === 0
      ? 'Each scenario on its own simulated or scripted model, on a virtual clock. To run on a real model, add an endpoint with Manage endpoints… (the button beside Model).'
      : 'Each scenario on its own simulated or scripted model, on a virtual clock: no network, no waiting.';

  return (
    <section className="min-w-0 space-y-2">
      <div className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={id} className={`block ${HEADING}`}>
            Model
          </label>
          <ManageEndpoints />
        </div>
        <select
          id={id}
          value={chosen?.id ?? BUILTIN_MODELS}
          aria-describedby={noteId}
          onChange={(event) => actions.setModel(event.target.value)}
          className={`h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-[13px] text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
        >
          <option value={BUILTIN_MODELS}>Built-in models</option>
          {endpoints.length > 0 && (
            <optgroup label="Your endpoints">
              {endpoints.map((endpoint) => (
                <option key={endpoint.id} value={endpoint.id}>
                  {endpoint.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <p id={noteId} className={`text-[11px] leading-snug ${MUTED}`}>
          {note}
        </p>
      </div>
      {chosen && (
        <>
          {blocked && <ReloadNotice />}
          <NumberField
            label="Concurrent runs"
            value={concurrency}
            min={1}
            max={MAX_EVAL_CONCURRENCY}
            hint={`1–${MAX_EVAL_CONCURRENCY} requests in flight`}
            onChange={(value) => actions.setConcurrency(value)}
          />
          {replays > 0 && (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-[11px] leading-snug text-amber-900 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100">
              {replays === 1
                ? '1 picked scenario is a scripted replay'
                : `${replays} picked scenarios are scripted replays`}{' '}
              (recorded replies, not tasks for a model): skipped on an endpoint.
            </p>
          )}
        </>
      )}
    </section>
  );
});
