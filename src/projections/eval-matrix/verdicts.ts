/**
 * The eval view's verdicts: which configs to compare (those that differ in one thing), which way
 * round, and the sentences most telling first; one config alone gets a summary sentence.
 */
import type { LoopConfig } from '../../engine';
import {
  compareConfigs,
  oneDecimal,
  percent,
  scenarioGroups,
  type EvalVerdict,
} from './comparison';
import { groupRows, runOutcome, type EvalRunRow } from './rows';
import { summarise } from './summary';

export type { EvalVerdict } from './comparison';

const MODE_ORDER: readonly string[] = ['act', 'react', 'reflact'];
const GATING_ORDER: readonly string[] = ['off', 'fixed', 'adaptive'];
/** The verifier is the baseline a judge (or no check at all) is tried against. */
const SOURCE_ORDER: readonly string[] = ['verifier', 'none', 'judge'];

/**
 * A config's place for orienting a comparison: the later one is the one being tried (more
 * attempts, then memory across tasks, then mode, then gating and reward source: 0–2 and 0, 3, 6
 * stay under a mode's 10).
 */
const rank = (config: LoopConfig) =>
  config.attempts * 100 +
  (config.history === 'cross_task' ? 50 : 0) +
  MODE_ORDER.indexOf(config.mode) * 10 +
  GATING_ORDER.indexOf(config.reflection.gating) +
  SOURCE_ORDER.indexOf(config.rewardSource) * 3;

/**
 * Pure: one sentence per comparison a reader cares about, most telling first. Compared are the
 * configs that differ in one thing (mode, gating, attempts, history scope or reward source); if no
 * two do, every pair. A pair that differs in attempts, history or reward source names them
 * (`attemptTerms`). Each sentence
 * speaks of the tag where the two differ most: in accuracy, else in tokens. One config alone
 * gets a summary sentence. Runs that failed (`error`: the model could not be reached, or the
 * run threw) say nothing about a config and are left out.
 */
export function evalVerdicts(allRows: readonly EvalRunRow[]): EvalVerdict[] {
  const rows = allRows.filter((row) => runOutcome(row) !== 'error');
  const byLabel = groupRows(rows, (row) => row.label);
  const labels = [...byLabel.keys()];
  const configOf = (label: string) => (byLabel.get(label) as EvalRunRow[])[0]!.config;
  if (labels.length === 1) {
    const label = labels[0]!;
    const summary = summarise(byLabel.get(label)!);
    const scenarios = new Set(rows.map((row) => row.scenario)).size;
    const accuracy = summary.accuracy === null ? '' : `${percent(summary.accuracy)} correct over `;
    return [
      {
        subject: label,
        baseline: label,
        group: 'all',
        kind: 'summary',
        text:
          `${label}: ${accuracy}${scenarios} scenario${scenarios === 1 ? '' : 's'}, ` +
          `${oneDecimal(summary.calls)} calls and ` +
          `${Math.round(summary.tokens).toLocaleString('en-US')} tokens per run`,
      },
    ];
  }
  const pairs: [string, string][] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) pairs.push([labels[i]!, labels[j]!]);
  const differ = (x: LoopConfig, y: LoopConfig) =>
    Number(x.mode !== y.mode) +
    Number(x.reflection.gating !== y.reflection.gating) +
    Number(x.attempts !== y.attempts) +
    Number(x.history !== y.history) +
    Number(x.rewardSource !== y.rewardSource);
  const near = pairs.filter(([x, y]) => differ(configOf(x), configOf(y)) === 1);
  const chosen = near.length > 0 ? near : pairs;
  const groups = scenarioGroups(rows);
  return chosen
    .map(([x, y]) => {
      const [subject, baseline] = rank(configOf(x)) >= rank(configOf(y)) ? [x, y] : [y, x];
      return compareConfigs(
        byLabel.get(subject)!,
        byLabel.get(baseline)!,
        subject,
        baseline,
        groups,
      );
    })
    .filter((verdict) => verdict.text !== '')
    .sort((a, b) => b.size - a.size)
    .map(({ size: _size, ...verdict }) => verdict);
}
