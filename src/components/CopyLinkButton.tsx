import { useEffect, useId, useState } from 'react';
import { Button } from './Button';
import { LinkIcon } from './icons';

export interface CopyLinkButtonProps {
  /** The link to copy, read when the button is pressed (the view's URL as it is then). */
  readonly link: () => string;
  /** What the link reproduces, for the button's title ("this run", "these lanes"). */
  readonly what: string;
}

/** The page's address with another hash: what a link to a view of this page is. */
export function pageLink(hash: string): string {
  return `${window.location.href.split('#')[0]}${hash}`;
}

/** How long "Link copied" stays (long enough to read, then out of the way). */
const CONFIRM_MS = 3000;

type CopyState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'copied' }
  | { readonly kind: 'refused'; readonly link: string };

/**
 * "Copy link": writes the link to the clipboard and says "Link copied" (aria-live); when the
 * browser refuses the clipboard, shows the link in a small selectable field to copy by hand.
 */
export function CopyLinkButton({ link, what }: CopyLinkButtonProps) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const fieldId = useId();

  // Outside system: the confirmation's timer, cleared when it is replaced or the button goes.
  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    const text = link();
    const refused = () => setState({ kind: 'refused', link: text });
    if (!navigator.clipboard?.writeText) {
      refused();
      return;
    }
    navigator.clipboard.writeText(text).then(() => setState({ kind: 'copied' }), refused);
  };

  return (
    <div className="flex shrink-0 items-center gap-2">
      <Button
        size="sm"
        onClick={copy}
        title={`Copy a link that opens ${what} (the scenario, the settings and the step; never keys or prompts)`}
      >
        <LinkIcon />
        Copy link
      </Button>
      <span aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-300">
        {state.kind === 'copied' ? 'Link copied' : ''}
      </span>
      {state.kind === 'refused' && (
        <span className="flex items-center gap-1 text-xs">
          <label htmlFor={fieldId} className="text-slate-600 dark:text-slate-300">
            The clipboard was refused; copy the link:
          </label>
          <input
            id={fieldId}
            readOnly
            value={state.link}
            onFocus={(event) => event.currentTarget.select()}
            className="w-56 rounded border border-slate-300 bg-white px-1.5 py-0.5 font-mono text-[11px] dark:border-slate-600 dark:bg-slate-900"
          />
        </span>
      )}
    </div>
  );
}
