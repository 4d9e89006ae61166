/**
 * The eval matrix, pure: the job list (scenarios × configs × seeds) that `loop eval` and the
 * browser's eval worker both run, the per-run summary row, the matrix of cells with row and
 * column aggregates, one-line verdicts per comparison, and CSV / JSON export of the rows.
 * Nothing here runs the engine: the caller runs each job and hands the trace to `summariseRun`.
 */
export {
  buildEvalJobs,
  DEFAULT_EVAL_CONFIGS,
  DEFAULT_EVAL_LABELS,
  EVAL_PRESETS,
  evalPresets,
  type EvalConfig,
  type EvalJob,
  type EvalJobOptions,
} from './jobs';
export {
  EVAL_OUTCOMES,
  failedRunRow,
  REFLECTION_TRIGGERS,
  rowOverrides,
  runOutcome,
  summariseRun,
  type EvalOutcome,
  type EvalRunRow,
  type ReflectionTrigger,
  type TriggerCounts,
} from './rows';
export { summarise, type EvalSummary } from './summary';
export {
  buildEvalMatrix,
  type EvalCell,
  type EvalCellRun,
  type EvalMatrix,
  type EvalMatrixRow,
} from './matrix';
export { evalVerdicts, type EvalVerdict } from './verdicts';
export { matrixRunId, withRunIds, type EvalMatrixHead } from './cell-runs';
export { evalJson, evalJsonRows, type EvalEndpointLabel, type EvalJsonRow } from './json';
export { CSV_COLUMNS, CSV_ENDPOINT_COLUMNS, csvField, evalCsv } from './csv';
