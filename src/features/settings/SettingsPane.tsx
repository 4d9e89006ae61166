/** Placeholder until this pane lands: the region the inspector layout mounts. */
export function SettingsPane() {
  return (
    <section aria-label="Settings" className="h-full p-3 text-sm text-slate-500 dark:text-slate-400">
      Settings
    </section>
  );
}
