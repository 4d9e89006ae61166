/**
 * Pure: the page's views and how the URL hash names them (docs/links.md). The hash names the view
 * and what it shows: `#/inspect?scenario=…&settings=<token>&step=N&attempt=N`, `#/compare?scenario=…&preset=…`
 * or `…&lane=<token>&lane=…`, `#/eval`, `#/library`, `#/memory` (the reflection memory),
 * `#/scenarios?scenario=…` (the scenario editor,
 * on one of the user's scenarios), `#/present?demo=…&from=…`. Tokens (settings, lanes) are
 * opaque here, read by `state/lane-tokens.ts`; a preset and a library run (`run=<id>`) are opaque
 * names. The presenter also names the view it was opened from (`&from=compare`), where "Exit"
 * goes back to. Unknown parameters are ignored.
 */

export type ViewName =
  'inspect' | 'compare' | 'eval' | 'library' | 'memory' | 'scenarios' | 'present';

export interface ViewRoute {
  readonly view: ViewName;
  /** The scenario the view should open on, when the hash names one. */
  readonly scenario: string | null;
  /** The lanes the hash names, in order (empty when it names none). */
  readonly lanes: readonly string[];
  /** The demo the presenter plays (`demo=…`), when the hash names one. */
  readonly demo: string | null;
  /** The view the presenter was opened from (never the presenter itself). */
  readonly from: Exclude<ViewName, 'present'> | null;
  /** The inspector's settings as a lane token (`settings=react+fixed@3`); null: the defaults. */
  readonly settings: string | null;
  /** The step the inspector shows (`step=N`, from 0); null follows the newest step. */
  readonly step: number | null;
  /** The attempt the inspector's views are scoped to (`attempt=N`, from 1); null: all attempts. */
  readonly attempt: number | null;
  /** The compare preset the lanes are (`preset=guards`), when the hash names one. */
  readonly preset: string | null;
  /** A kept run the inspector shows (`run=<id>`), resolved against the library. */
  readonly run: string | null;
  /** Compare: the kept run each lane shows, in lane order (`run=<id>&run=<id>`). */
  readonly runs: readonly string[];
  /** What the hash says that is not what its parameter means, as sentences (a bad step). */
  readonly problems: readonly string[];
}

/** What else a hash may carry besides the scenario and the lanes. */
export interface ViewHashExtras {
  readonly demo?: string | null;
  readonly from?: ViewName | null;
  readonly settings?: string | null;
  readonly step?: number | null;
  readonly attempt?: number | null;
  readonly preset?: string | null;
  readonly run?: string | null;
  /** Compare: the kept runs its lanes show, in lane order. */
  readonly runs?: readonly string[];
}

const isOrigin = (value: string | null): value is Exclude<ViewName, 'present'> =>
  value === 'inspect' ||
  value === 'compare' ||
  value === 'eval' ||
  value === 'library' ||
  value === 'memory' ||
  value === 'scenarios';

/** The largest step a link may name (far past any run's step budget). */
const MAX_STEP = 1_000_000;

const EMPTY: Omit<ViewRoute, 'view'> = {
  scenario: null,
  lanes: [],
  demo: null,
  from: null,
  settings: null,
  step: null,
  attempt: null,
  preset: null,
  run: null,
  runs: [],
  problems: [],
};

/** The largest attempt a link may name (far past any run's attempts). */
const MAX_ATTEMPT = 1000;

/** The attempt an `attempt=` value names, or why it names none. */
function readAttempt(value: string | null): { attempt: number | null; problem: string | null } {
  if (value === null || value === '') return { attempt: null, problem: null };
  if (/^[1-9]\d{0,3}$/.test(value) && Number(value) <= MAX_ATTEMPT)
    return { attempt: Number(value), problem: null };
  const shown = value.length > 20 ? `${value.slice(0, 17)}…` : value;
  return {
    attempt: null,
    problem: `The link's attempt ("${shown}") is not an attempt number (1, 2, …); showing all attempts instead.`,
  };
}

/** The step a `step=` value names, or why it names none. */
function readStep(value: string | null): { step: number | null; problem: string | null } {
  if (value === null || value === '') return { step: null, problem: null };
  if (/^\d{1,7}$/.test(value) && Number(value) <= MAX_STEP) {
    return { step: Number(value), problem: null };
  }
  const shown = value.length > 20 ? `${value.slice(0, 17)}…` : value;
  return {
    step: null,
    problem: `The link's step ("${shown}") is not a step number; showing the newest step instead.`,
  };
}

/** Pure: the route a hash names; anything else is the inspector. */
export function parseViewHash(hash: string): ViewRoute {
  const match = /^#\/(inspect|compare|eval|library|memory|scenarios|present)\/?(?:\?(.*))?$/.exec(
    hash,
  );
  if (!match) return { view: 'inspect', ...EMPTY };
  const params = new URLSearchParams(match[2] ?? '');
  const from = params.get('from');
  const step = readStep(params.get('step'));
  const attempt = readAttempt(params.get('attempt'));
  return {
    view: match[1] as ViewName,
    scenario: params.get('scenario') || null,
    lanes: params.getAll('lane').filter((lane) => lane !== ''),
    demo: params.get('demo') || null,
    from: isOrigin(from) ? from : null,
    settings: params.get('settings') || null,
    step: step.step,
    attempt: attempt.attempt,
    preset: params.get('preset') || null,
    run: params.get('run') || null,
    runs: params.getAll('run').filter((run) => run !== ''),
    problems: [step.problem, attempt.problem].filter((problem) => problem !== null),
  };
}

/** Pure: the hash of a view, with the scenario it shows, the lanes it opens with and any extras. */
export function viewHash(
  view: ViewName,
  scenario?: string | null,
  lanes: readonly string[] = [],
  extras: ViewHashExtras = {},
): string {
  const params = new URLSearchParams();
  if (extras.demo) params.set('demo', extras.demo);
  if (scenario) params.set('scenario', scenario);
  if (extras.run) params.set('run', extras.run);
  if (extras.settings) params.set('settings', extras.settings);
  for (const lane of lanes) params.append('lane', lane);
  for (const run of extras.runs ?? []) params.append('run', run);
  if (extras.preset) params.set('preset', extras.preset);
  if (extras.step !== undefined && extras.step !== null) params.set('step', String(extras.step));
  if (extras.attempt !== undefined && extras.attempt !== null)
    params.set('attempt', String(extras.attempt));
  if (extras.from && extras.from !== 'present') params.set('from', extras.from);
  const query = params.toString();
  return query ? `#/${view}?${query}` : `#/${view}`;
}

/**
 * Pure: `next` only changes the view and names nothing past its scenario (the view switch's
 * link): the view it goes to keeps what it shows.
 */
export function isViewSwitch(previous: ViewRoute, next: ViewRoute): boolean {
  return (
    previous.view !== next.view &&
    next.lanes.length === 0 &&
    next.settings === null &&
    next.step === null &&
    next.attempt === null &&
    next.preset === null &&
    next.run === null
  );
}
