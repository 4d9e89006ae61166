/** How the Memory view words a reflection's fields. Pure. */
import type { RewardSource } from '../../engine';

/** A reward source in the table's words. */
export const SOURCE_TEXT: Readonly<Record<RewardSource, string>> = {
  verifier: 'verifier',
  none: 'no check',
  judge: 'model judge',
};

/**
 * "0 · verifier", "unknown · no check", "0.9 · model judge"; a reflection kept before its source
 * was (or read from a file that does not say) shows the reward alone: "0", "unknown".
 */
export const rewardText = (reward: number | null, source?: RewardSource): string => {
  const shown = reward === null ? 'unknown' : String(Number(reward.toFixed(2)));
  return source ? `${shown} · ${SOURCE_TEXT[source]}` : shown;
};

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
