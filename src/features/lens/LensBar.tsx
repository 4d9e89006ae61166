/**
 * The "Guards lens" strip over the panes of a recorded run: the switch, and while the lens shows,
 * its summary ("The duplicate guard would have stopped this run at step 7: …") and what it marked.
 * Nothing here changes the run: the lens is drawn beside it.
 */
import { useStore } from 'zustand';
import { FOCUS_RING } from '../../components';
import { countsText } from '../../projections/lens';
import { selectTrace } from '../../state/run-selectors';
import { useRunActions, useRunStore } from '../run';
import { EvidenceRules } from './EvidenceRules';
import { AT_ONCE_STEPS } from './lens-builds';
import { useLens, useLensShown, useLensStore } from './lens-context';

function LensSwitch({ shown }: { readonly shown: boolean }) {
  const actions = useStore(useLensStore(), (state) => state.actions);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={shown}
      onClick={() => actions.setShown(!shown)}
      className={`flex shrink-0 items-center gap-1.5 rounded px-1.5 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${FOCUS_RING}`}
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-3.5 w-6 rounded-full border transition-colors ${
          shown
            ? 'border-indigo-600 bg-indigo-600 dark:border-indigo-400 dark:bg-indigo-400'
            : 'border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-900'
        }`}
      >
        <span
          className={`absolute top-0.5 h-2 w-2 rounded-full transition-all ${
            shown ? 'left-3 bg-white dark:bg-slate-950' : 'left-0.5 bg-slate-400'
          }`}
        />
      </span>
      Guards lens
    </button>
  );
}

/** While a long trace's lens is built in pieces (a short one's comes with the next render). */
function LensPending({ steps }: { readonly steps: number }) {
  if (steps <= AT_ONCE_STEPS) return null;
  return (
    <p
      role="status"
      aria-label="Guards lens summary"
      className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400"
    >
      Finding where the guards would have acted in {steps.toLocaleString('en-US')} steps…
    </p>
  );
}

function LensSummary({ steps }: { readonly steps: number }) {
  const lens = useLens();
  const shown = useLensShown();
  const actions = useRunActions();
  if (!lens) return shown ? <LensPending steps={steps} /> : null;
  const counts = countsText(lens.summary.counts);
  const stop = lens.summary.stop?.mark.step ?? null;
  return (
    <>
      {stop !== null && (
        <button
          type="button"
          onClick={() => actions.selectStep(stop)}
          className={`shrink-0 rounded border border-dashed border-indigo-500 px-1.5 py-0.5 text-xs font-medium text-indigo-800 hover:bg-indigo-100 dark:border-indigo-300 dark:text-indigo-100 dark:hover:bg-indigo-900/60 ${FOCUS_RING}`}
        >
          Show step {stop}
        </button>
      )}
      <p
        role="status"
        aria-label="Guards lens summary"
        className="min-w-0 truncate text-xs text-slate-700 dark:text-slate-300"
        title={`${lens.summary.text}${counts ? ` Would have: ${counts}.` : ''}`}
      >
        <span
          className={`font-medium ${lens.summary.stop ? 'text-indigo-800 dark:text-indigo-200' : ''}`}
        >
          {lens.summary.text}
        </span>
        {counts && <span className="ml-1.5">Would have: {counts}.</span>}
        <span className="ml-1.5 text-slate-600 dark:text-slate-400">
          Marks are what the guards would have done under the settings shown; the run stays as
          recorded.
        </span>
      </p>
    </>
  );
}

/** The strip: shown once the run has a trace (a recorded run, or a live one that ended). */
export function LensBar() {
  const trace = useRunStore(selectTrace);
  const shown = useLensShown();
  if (!trace) return null;
  return (
    // z-10: its rules popover rises over the panes, but the header's menus (z-20) open over it.
    <div
      role="region"
      aria-label="Guards lens"
      className={`relative z-10 flex h-8 shrink-0 items-center gap-3 border-b px-3 ${
        shown
          ? 'border-indigo-200 bg-indigo-50/70 dark:border-indigo-900 dark:bg-indigo-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950'
      }`}
    >
      <LensSwitch shown={shown} />
      {shown && <EvidenceRules />}
      <LensSummary steps={trace.steps.length} />
    </div>
  );
}
