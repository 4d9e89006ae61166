/**
 * Pure: the page's views and how the URL hash names them (`#/inspect`, `#/compare?scenario=…`,
 * `#/eval`, `#/present?demo=…`). A view may also name its lanes (`&lane=react+fixed@3&lane=…`):
 * opaque tokens here, read by `state/lane-tokens.ts`. The presenter also names its demo and the
 * view it was opened from (`&from=compare`), where "Exit" goes back to.
 */

export type ViewName = 'inspect' | 'compare' | 'eval' | 'present';

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
}

/** What else a hash may carry besides the scenario and the lanes. */
export interface ViewHashExtras {
  readonly demo?: string | null;
  readonly from?: ViewName | null;
}

const isOrigin = (value: string | null): value is Exclude<ViewName, 'present'> =>
  value === 'inspect' || value === 'compare' || value === 'eval';

/** Pure: the route a hash names; anything else is the inspector. */
export function parseViewHash(hash: string): ViewRoute {
  const match = /^#\/(inspect|compare|eval|present)\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return { view: 'inspect', scenario: null, lanes: [], demo: null, from: null };
  const params = new URLSearchParams(match[2] ?? '');
  const from = params.get('from');
  return {
    view: match[1] as ViewName,
    scenario: params.get('scenario') || null,
    lanes: params.getAll('lane').filter((lane) => lane !== ''),
    demo: params.get('demo') || null,
    from: isOrigin(from) ? from : null,
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
  for (const lane of lanes) params.append('lane', lane);
  if (extras.from && extras.from !== 'present') params.set('from', extras.from);
  const query = params.toString();
  return query ? `#/${view}?${query}` : `#/${view}`;
}
