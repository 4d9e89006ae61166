import { useState } from 'react';
import { Button } from './Button';

/** A link that could not be read whole: what was wrong and what shows instead; dismissible. */
export function LinkProblem({ problem }: { readonly problem: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div
      role="alert"
      className="flex shrink-0 items-start gap-3 border-b border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1">{problem}</p>
      <Button size="sm" tone="ghost" onClick={() => setShown(false)}>
        Dismiss
      </Button>
    </div>
  );
}
