/**
 * The presenter's type scale: read from the back of a room. Sizes grow with the window (a
 * projector at 1920 wide gets larger type than a laptop at 1280) and never drop below 20px body.
 */
export const TITLE = 'text-[clamp(2.25rem,2.5vw,3.25rem)] leading-tight font-bold tracking-tight';
export const HEADING = 'text-[clamp(1.75rem,2vw,2.75rem)] leading-tight font-bold tracking-tight';
/** A demo card's title: a step below HEADING, so three cards fit 1024×768 side by side. */
export const CARD_TITLE =
  'text-[clamp(1.5rem,1.9vw,2.5rem)] leading-tight font-bold tracking-tight';
export const BODY = 'text-[clamp(1.25rem,1.3vw,1.75rem)] leading-snug';
/** A step card's text: the lanes get the most room on a big screen. */
export const CARD = 'text-[clamp(1.25rem,1.55vw,2.25rem)] leading-snug';
export const CAPTION = 'text-[clamp(1.5rem,1.75vw,2.5rem)] leading-snug font-medium';
export const BIG_NUMBER = 'text-[clamp(2.5rem,3.6vw,5rem)] leading-none font-bold tabular-nums';

/** Text colours with at least 7:1 contrast on the page in both themes. */
export const STRONG = 'text-slate-950 dark:text-white';
export const MUTED = 'text-slate-700 dark:text-slate-300';

/** A large control: at least 48px tall with 20px type, growing with the window. */
export const CONTROL =
  'h-[clamp(3rem,3.1vw,4rem)] gap-2 px-4 text-[clamp(1.25rem,1.3vw,1.75rem)] [&_svg]:h-[1em] [&_svg]:w-[1em]';

/** A native select at the controls' size. */
export const SELECT =
  'h-[clamp(3rem,3.1vw,4rem)] rounded-md border border-slate-400 bg-white px-3 text-[clamp(1.25rem,1.3vw,1.75rem)] text-slate-950 dark:border-slate-500 dark:bg-slate-950 dark:text-white';
