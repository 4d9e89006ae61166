/** Pure: the page's views and how the URL hash names them (`#/inspect`, `#/compare?scenario=…`, `#/eval`). */

export type ViewName = 'inspect' | 'compare' | 'eval';

export interface ViewRoute {
  readonly view: ViewName;
  /** The scenario the view should open on, when the hash names one. */
  readonly scenario: string | null;
}

/** Pure: the route a hash names; anything else is the inspector. */
export function parseViewHash(hash: string): ViewRoute {
  const match = /^#\/(inspect|compare|eval)\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return { view: 'inspect', scenario: null };
  const scenario = new URLSearchParams(match[2] ?? '').get('scenario');
  return { view: match[1] as ViewName, scenario: scenario || null };
}

/** Pure: the hash of a view, with the scenario it shows. */
export function viewHash(view: ViewName, scenario?: string | null): string {
  return scenario ? `#/${view}?scenario=${encodeURIComponent(scenario)}` : `#/${view}`;
}
