/** Placeholder until this pane lands: the region the inspector layout mounts. */
export function DecisionRecordPane() {
  return (
    <section aria-label="Decision record" className="h-full p-3 text-sm text-slate-500 dark:text-slate-400">
      Decision record
    </section>
  );
}
