import { useId, type ReactNode } from 'react';

/** A titled block of the record: a small heading, an optional note beside it, then the content. */
export function Section({
  title,
  note,
  children,
}: {
  readonly title: string;
  readonly note?: ReactNode;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="border-t border-slate-100 px-4 py-3 dark:border-slate-800/80"
    >
      <div className="mb-1.5 flex items-baseline gap-2">
        <h3
          id={id}
          className="shrink-0 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
        >
          {title}
        </h3>
        {note && (
          <span className="min-w-0 text-[11px] text-slate-500 dark:text-slate-400">{note}</span>
        )}
      </div>
      {children}
    </section>
  );
}
