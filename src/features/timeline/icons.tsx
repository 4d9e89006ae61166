/** Transport icons for the timeline's toolbar (decorative: every button has its own name). */
const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const PATHS = {
  first: <path {...STROKE} d="M4 3.5v9M12 3.5 7 8l5 4.5" />,
  previous: <path {...STROKE} d="M10 3.5 5.5 8l4.5 4.5" />,
  next: <path {...STROKE} d="M6 3.5 10.5 8 6 12.5" />,
  last: <path {...STROKE} d="M12 3.5v9M4 3.5 9 8l-5 4.5" />,
  play: (
    <path
      fill="currentColor"
      d="M5 3.2v9.6a.6.6 0 0 0 .9.5l7.6-4.8a.6.6 0 0 0 0-1L5.9 2.7a.6.6 0 0 0-.9.5Z"
    />
  ),
  pause: (
    <>
      <rect fill="currentColor" x="4" y="3" width="2.75" height="10" rx=".6" />
      <rect fill="currentColor" x="9.25" y="3" width="2.75" height="10" rx=".6" />
    </>
  ),
} as const;

export type IconName = keyof typeof PATHS;

/** A 16px toolbar icon. */
export function Icon({ name }: { readonly name: IconName }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="h-4 w-4">
      {PATHS[name]}
    </svg>
  );
}
