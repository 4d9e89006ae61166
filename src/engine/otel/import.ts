/**
 * One pure importer for other tools' traces (the browser and the CLI both use it): the spans a
 * reader gave, as a span tree, as Loopscope steps (`readTraceValue` checks them as any Trace JSON
 * v1), with what could not be mapped and a minimal Scenario so the app can hold the run.
 */
import { DEFAULT_CONFIG } from '../config';
import { FileError } from '../files/errors';
import type { Scenario } from '../scenario/types';
import { TraceError } from '../trace/errors';
import { readTraceValue } from '../trace/read';
import type { Trace } from '../trace/types';
import { readCalls } from './calls';
import {
  FORMAT_LABELS,
  NoteLog,
  type ForeignFormat,
  type ForeignSpan,
  type ImportNote,
} from './model';
import { restoreLoopscope } from './restore';
import { restoreExact } from './restore-exact';
import { importedScenario, replayableScenario } from './scenario';
import { toolDefinitionsOf } from './tool-definitions';
import { spanRows, type SpanRow, type UnmappedSpan } from './span-rows';
import { buildSteps } from './steps';
import { buildTree } from './tree';

/** Another tool's trace, opened. */
export interface ForeignTrace {
  readonly kind: 'foreign';
  readonly format: ForeignFormat;
  /** What the format is called ("OTLP/JSON", "Langfuse trace export"). */
  readonly formatLabel: string;
  readonly trace: Trace;
  readonly scenario: Scenario;
  readonly spans: readonly SpanRow[];
  readonly unmapped: readonly UnmappedSpan[];
  readonly notes: readonly ImportNote[];
  /** The trace ids the file held (several when a file holds several traces). */
  readonly traceIds: readonly string[];
}

/** Pure: the import of spans read from a file called `name`. Throws a FileError when the steps do not check. */
export function importSpans(
  spans: readonly ForeignSpan[],
  format: ForeignFormat,
  name: string,
  notes = new NoteLog(),
): ForeignTrace {
  const nodes = buildTree(spans, notes);
  const traceIds = [...new Set(nodes.map((node) => node.span.traceId).filter((id) => id !== ''))];
  if (traceIds.length > 1)
    notes.add(
      'several_traces',
      `the file holds ${traceIds.length} traces; their calls are shown as one run, in time order`,
    );
  const { classes, calls } = readCalls(nodes, notes);
  const restored = restoreLoopscope(nodes);
  const built = restored ?? buildSteps(calls);
  const { rows, unmapped } = spanRows(nodes, classes, calls, built.stepOf);
  if (calls.length === 0 && !restored) {
    notes.add(
      'no_model_spans',
      `no model or tool spans among the ${nodes.length} spans: the span tree is shown, with no steps`,
    );
  } else if (calls.some((call) => call.kind === 'model' && call.messages.length === 0)) {
    notes.add(
      'no_messages',
      'some model calls recorded no messages (their instrumentation did not capture content)',
    );
  }
  // A whole Loopscope export gives back the native trace it was written from, exactly.
  const exact = restoreExact(nodes);
  const definitions = toolDefinitionsOf(nodes);
  const scenario =
    exact?.scenario ??
    importedScenario(traceIds[0] ?? name, nodes, calls, restored?.scenario ?? null, definitions);
  const answer = restored ? restored.answer : built.answer;
  const rootError = nodes.find((node) => node.depth === 0 && node.span.status.error);
  const stopReason =
    restored?.stopReason ?? (answer !== null ? 'answer' : rootError ? 'error' : 'cancelled');
  const value = {
    format: 'loopscope.trace',
    version: 1,
    scenario: scenario.id,
    config: restored?.config ?? {
      ...DEFAULT_CONFIG,
      protocol: 'tools',
      maxSteps: Math.max(DEFAULT_CONFIG.maxSteps, built.steps.length),
    },
    stopReason,
    escalation: null,
    error:
      stopReason === 'error'
        ? {
            code: 'imported_error',
            message: rootError?.span.status.message || 'the trace ends in an error',
          }
        : null,
    answer,
    steps: built.steps,
    metrics: built.metrics,
    path: built.path,
    forkedFrom: null,
  };
  let trace: Trace;
  try {
    trace = exact?.trace ?? readTraceValue(value).trace;
  } catch (error) {
    if (!(error instanceof TraceError)) throw error;
    throw new FileError(
      'invalid_trace',
      name,
      '$',
      `a ${FORMAT_LABELS[format]} file whose calls do not make a valid trace (${error.path}: ${error.problem})`,
    );
  }
  return {
    kind: 'foreign',
    format,
    formatLabel: FORMAT_LABELS[format],
    trace,
    scenario: exact ? scenario : replayableScenario(trace, scenario, definitions),
    spans: rows,
    unmapped,
    notes: notes.notes,
    traceIds,
  };
}
