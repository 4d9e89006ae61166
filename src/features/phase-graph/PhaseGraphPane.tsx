/** Placeholder until this pane lands: the region the inspector layout mounts. */
export function PhaseGraphPane() {
  return (
    <section aria-label="Phase graph" className="h-full p-3 text-sm text-slate-500 dark:text-slate-400">
      Phase graph
    </section>
  );
}
