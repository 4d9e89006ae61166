import type { ConfigOverrides } from '../../engine';
import { FOCUS_RING } from '../../components';
import { EVAL_OUTCOMES, type EvalCell, type EvalOutcome } from '../../projections/eval-matrix';
import { OUTCOME_HINT, OUTCOME_LABEL, OUTCOME_TONE } from './labels';

/**
 * Opens a run of a cell in the inspector: `run`, the id of the run kept in the library (it
 * opens as it was recorded), else null (the scenario runs again with `overrides`).
 */
export type OpenRun = (scenarioId: string, overrides: ConfigOverrides, run: string | null) => void;

const BADGE =
  'inline-flex h-5 items-center gap-1 rounded px-1.5 text-[11px] leading-none font-semibold whitespace-nowrap ring-1 ring-inset';

/** An outcome as a coloured badge with its word (the colour is never the only signal). */
export function OutcomeBadge({
  outcome,
  count,
}: {
  readonly outcome: EvalOutcome;
  readonly count?: string;
}) {
  return (
    <span className={`${BADGE} ${OUTCOME_TONE[outcome]}`} title={OUTCOME_HINT[outcome]}>
      {OUTCOME_LABEL[outcome]}
      {count ? <span className="font-medium tabular-nums">{count}</span> : null}
    </span>
  );
}

/**
 * A cell's outcomes, most frequent first: one badge when every seed ended alike, else one per
 * outcome with its share ("4/5"). With `onOpen`, a mixed cell's badges open a run of that outcome.
 */
export function OutcomeBadges({
  cell,
  onOpen,
}: {
  readonly cell: EvalCell;
  readonly onOpen?: OpenRun | undefined;
}) {
  const present = EVAL_OUTCOMES.filter((outcome) => cell.outcomes[outcome] > 0).sort(
    (a, b) => cell.outcomes[b] - cell.outcomes[a],
  );
  if (present.length === 1) return <OutcomeBadge outcome={present[0]!} />;
  return (
    <>
      {present.map((outcome) => {
        const count = `${cell.outcomes[outcome]}/${cell.runs}`;
        const run = cell.seeds.find((seed) => seed.outcome === outcome);
        if (!onOpen || !run) return <OutcomeBadge key={outcome} outcome={outcome} count={count} />;
        return (
          <button
            key={outcome}
            type="button"
            className={`rounded ${FOCUS_RING}`}
            aria-label={`Open a ${OUTCOME_LABEL[outcome]} run of ${cell.scenario} with ${cell.label} (seed ${run.seed}) in the inspector`}
            title={`Open a ${OUTCOME_LABEL[outcome]} run (seed ${run.seed})`}
            onClick={() => onOpen(cell.scenario, run.overrides, run.run)}
          >
            <OutcomeBadge outcome={outcome} count={count} />
          </button>
        );
      })}
    </>
  );
}
