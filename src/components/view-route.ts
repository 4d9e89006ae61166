/**
 * Pure: the page's views and how the URL hash names them (`#/inspect`, `#/compare?scenario=…`,
 * `#/eval`). A view may also name its lanes (`&lane=react+fixed@3&lane=…`): opaque tokens here,
 * read by `state/lane-tokens.ts`.
 */

export type ViewName = 'inspect' | 'compare' | 'eval';

export interface ViewRoute {
  readonly view: ViewName;
  /** The scenario the view should open on, when the hash names one. */
  readonly scenario: string | null;
  /** The lanes the hash names, in order (empty when it names none). */
  readonly lanes: readonly string[];
}

/** Pure: the route a hash names; anything else is the inspector. */
export function parseViewHash(hash: string): ViewRoute {
  const match = /^#\/(inspect|compare|eval)\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return { view: 'inspect', scenario: null, lanes: [] };
  const params = new URLSearchParams(match[2] ?? '');
  const scenario = params.get('scenario');
  return {
    view: match[1] as ViewName,
    scenario: scenario || null,
    lanes: params.getAll('lane').filter((lane) => lane !== ''),
  };
}

/** Pure: the hash of a view, with the scenario it shows and the lanes it opens with. */
export function viewHash(
  view: ViewName,
  scenario?: string | null,
  lanes: readonly string[] = [],
): string {
  const params = new URLSearchParams();
  if (scenario) params.set('scenario', scenario);
  for (const lane of lanes) params.append('lane', lane);
  const query = params.toString();
  return query ? `#/${view}?${query}` : `#/${view}`;
}
