import type { Scenario } from '../../engine';
import { Button } from '../../components';
import { evalCsv, evalJson, type EvalRunRow } from '../../projections/eval-matrix';
import { downloadText } from './download';
import { exportFilename } from './format';

/** Download CSV (every run, one line each) and Download JSON (the rows of `loop eval --json`). */
export function Downloads({
  rows,
  scenarios,
}: {
  readonly rows: readonly EvalRunRow[];
  readonly scenarios: readonly Scenario[];
}) {
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        title="Every run as one line: scenario, config, seed, outcome, calls, reflections by trigger, tokens, model time"
        onClick={() =>
          downloadText(evalCsv(rows, scenarios), exportFilename(new Date(), 'csv'), 'text/csv')
        }
      >
        Download CSV
      </Button>
      <Button
        size="sm"
        title="The rows as `loop eval --json` prints them"
        onClick={() =>
          downloadText(evalJson(rows), exportFilename(new Date(), 'json'), 'application/json')
        }
      >
        Download JSON
      </Button>
    </div>
  );
}
