/** Composition root: the page frame. Features are wired in here as they land. */
import { EndpointsStoreProvider } from '../features/endpoints';
import { RunView } from '../features/playground';
import { builtinScenarios } from '../scenarios';
import type { AppServices } from './services';

const SCENARIOS = builtinScenarios();
/** The first view opens on a scenario where reflection visibly changes the run. */
const INITIAL_RUN = { scenarioId: 'rca-search-stall' } as const;

export function App({ services }: { readonly services: AppServices }) {
  return (
    <EndpointsStoreProvider store={services.endpoints}>
      <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <header className="border-b border-slate-200 dark:border-slate-800">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-6 py-5">
            <img src="/favicon.svg" alt="" width={28} height={28} className="shrink-0" />
            <div className="min-w-0">
              <h1 className="text-xl font-semibold tracking-tight">Loopscope</h1>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                See how an agent loop thinks — ReAct, ReflAct and ACT as an explicit state machine
              </p>
            </div>
          </div>
        </header>

        <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-6 py-8">
          <RunView scenarios={SCENARIOS} initial={INITIAL_RUN} deps={services.runDeps} />
        </main>
      </div>
    </EndpointsStoreProvider>
  );
}
