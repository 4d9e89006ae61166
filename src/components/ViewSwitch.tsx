import { OpenFileButton } from './file-opener';
import { FOCUS_RING } from './focus-ring';
import { PresentIcon } from './icons';
import { viewHash, type ViewName } from './view-route';

const VIEWS: readonly {
  readonly view: Exclude<ViewName, 'present'>;
  readonly label: string;
  readonly hint: string;
}[] = [
  { view: 'inspect', label: 'Inspect', hint: 'One run: its phases, steps and decisions' },
  { view: 'compare', label: 'Compare', hint: 'Runs of one scenario side by side, step by step' },
  {
    view: 'eval',
    label: 'Eval',
    hint: 'Scenarios × configs × seeds: the matrix, its verdicts and charts',
  },
  {
    view: 'library',
    label: 'Library',
    hint: 'Every run kept in this browser: search, open, compare',
  },
  {
    view: 'memory',
    label: 'Memory',
    hint: 'The reflections attempts left, kept across runs: search, delete, export, import',
  },
  {
    view: 'scenarios',
    label: 'Scenarios',
    hint: 'Your own scenarios: start from a built-in, edit, check and run them',
  },
];

export interface ViewSwitchProps {
  readonly current: Exclude<ViewName, 'present'>;
  /** The scenario the other view should open on (kept in its link). */
  readonly scenario?: string | null;
}

/**
 * The page's views, "Inspect", "Compare", "Eval", "Library", "Memory" and "Scenarios" (the editor), as a segmented control of links (the URL
 * hash holds the view, so a reload keeps it), and "Present" beside them: the presenter's demo
 * picker, whose Exit comes back here; and `Open…` (a file picker) when the app provides an opener.
 */
export function ViewSwitch({ current, scenario = null }: ViewSwitchProps) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <nav
        aria-label="View"
        className="flex shrink-0 items-center rounded-md border border-slate-300 bg-slate-100 p-0.5 dark:border-slate-700 dark:bg-slate-900"
      >
        {VIEWS.map(({ view, label, hint }) => {
          const active = view === current;
          return (
            <a
              key={view}
              href={viewHash(view, view === 'library' || view === 'memory' ? null : scenario)}
              title={hint}
              aria-current={active ? 'page' : undefined}
              className={`rounded px-2.5 py-0.5 text-xs font-medium transition-colors ${FOCUS_RING} ${
                active
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {label}
            </a>
          );
        })}
      </nav>
      <a
        href={viewHash('present', scenario, [], { from: current })}
        title="Present a comparison to people who do not build agents: full screen, large type, captions"
        className={`inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`}
      >
        <PresentIcon />
        Present
      </a>
      <OpenFileButton />
    </div>
  );
}
