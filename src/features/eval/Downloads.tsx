import type { Scenario } from '../../engine';
import { Button } from '../../components';
import {
  evalCsv,
  evalJson,
  type EvalEndpointLabel,
  type EvalRunRow,
} from '../../projections/eval-matrix';
import { downloadText } from '../../components/download';
import { exportFilename } from './format';

/**
 * Download CSV (every run, one line each) and Download JSON (the rows of `loop eval --json`); a
 * matrix run on an endpoint records its name and model in both (never its URL or key).
 */
export function Downloads({
  rows,
  scenarios,
  endpoint,
}: {
  readonly rows: readonly EvalRunRow[];
  readonly scenarios: readonly Scenario[];
  readonly endpoint: EvalEndpointLabel | null;
}) {
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        title="Every run as one line: scenario, config, seed, outcome, calls, reflections by trigger, tokens, model time"
        onClick={() =>
          downloadText(
            evalCsv(rows, scenarios, endpoint),
            exportFilename(new Date(), 'csv'),
            'text/csv',
          )
        }
      >
        Download CSV
      </Button>
      <Button
        size="sm"
        title={
          endpoint
            ? 'The rows as `loop eval --json` prints them, each with the endpoint’s name and model'
            : 'The rows as `loop eval --json` prints them'
        }
        onClick={() =>
          downloadText(
            evalJson(rows, endpoint),
            exportFilename(new Date(), 'json'),
            'application/json',
          )
        }
      >
        Download JSON
      </Button>
    </div>
  );
}
