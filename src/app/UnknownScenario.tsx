/**
 * A link that names a scenario this page does not have: it says so plainly, in the view, instead
 * of showing another scenario (the scenario lives in the sender's library).
 */
import { FOCUS_RING } from '../components';
import { viewHash, type ViewName } from '../components/view-route';
import { ViewSwitch } from '../components/ViewSwitch';
import { ThemeToggle } from '../features/inspector';
import type { KeyValueStorage } from '../state';

export interface UnknownScenarioProps {
  readonly scenario: string;
  readonly view: Exclude<ViewName, 'present'>;
  /** A built-in scenario to open instead. */
  readonly fallback: string;
  readonly storage: KeyValueStorage;
}

export function UnknownScenario({ scenario, view, fallback, storage }: UnknownScenarioProps) {
  return (
    <div className="flex h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
        <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
        <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
        <ViewSwitch current={view} scenario={fallback} />
        <div className="ml-auto shrink-0">
          <ThemeToggle storage={storage} />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center p-8">
        <section
          aria-labelledby="unknown-scenario"
          className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <h2 id="unknown-scenario" className="text-base font-semibold">
            A scenario from another library
          </h2>
          <p role="alert" className="mt-2 text-sm">
            This link names scenario &ldquo;{scenario}&rdquo;, which is not built into Loopscope: it
            lives in the sender&rsquo;s library. Ask them for the file (Export) and open it here.
          </p>
          <a
            href={viewHash(view, fallback)}
            className={`mt-4 inline-block rounded text-sm font-medium underline underline-offset-2 ${FOCUS_RING}`}
          >
            Open {fallback} instead
          </a>
        </section>
      </main>
    </div>
  );
}
