/** How the Memory view words a reflection's fields. Pure. */

/** "0", "0.9", or "unknown" (no reward source gave one). */
export const rewardText = (reward: number | null): string =>
  reward === null ? 'unknown' : String(reward);

/** "2026-12-02 06:00 UTC": a kept reflection's date, the same in every time zone. */
export const dateText = (timestamp: string): string => {
  const at = Date.parse(timestamp);
  return Number.isNaN(at)
    ? timestamp
    : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** "Imported 2 reflections." plus how many lines were skipped. */
export function importSummary(added: number, skipped: number): string {
  const kept = `Imported ${added} ${added === 1 ? 'reflection' : 'reflections'}.`;
  if (skipped === 0) return kept;
  return `${kept} ${skipped} ${skipped === 1 ? 'line was' : 'lines were'} skipped:`;
}
