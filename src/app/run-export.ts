/**
 * Export's files for the run a run store shows: the native trace, Trace JSON v1 (as
 * `loop run --json` prints it), OpenTelemetry (OTLP/JSON and JSON Lines, docs/otel.md) and the
 * share page (docs/decisions/0006-share-page.md); and the
 * share page of a compare's lanes.
 */
import { downloadText, fileStamp } from '../components/download';
import { toNativeTraceJson, toTraceJson } from '../engine';
import type { RunExportKind } from '../features/inspector';
import { libraryExportJson } from '../state/library-export-write';
import { recordOf } from '../state/run-record';
import type { CompareStore } from '../state/compare-store';
import type { RunStore } from '../state/run-store';

/** The share page the build emits beside index.html (scripts/share-asset.ts), fetched on demand. */
async function shareTemplate(): Promise<string> {
  const url = new URL(`${import.meta.env.BASE_URL}share.html`, window.location.href);
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(
      'The HTML page could not be made: share.html could not be fetched from this site.',
    );
  }
  if (!response.ok) {
    throw new Error(
      `The HTML page could not be made: share.html answered ${response.status} (build it with npm run build).`,
    );
  }
  return response.text();
}

/** Saves the shown run as `kind` (a file's kind); resolves to the file's name, rejects with a sentence. */
export async function exportRun(
  store: RunStore,
  kind: Exclude<RunExportKind, 'scenario'>,
): Promise<string> {
  const record = recordOf(store.getState());
  const trace = record?.trace;
  if (!record || !trace)
    throw new Error('There is no finished run to export yet: press Run first.');
  const base = `${record.scenario.id}-${fileStamp(record.startedAt)}`;
  if (kind === 'v1') {
    const name = `${base}.json`;
    downloadText(`${JSON.stringify(toTraceJson(trace), null, 2)}\n`, name, 'application/json');
    return name;
  }
  if (kind === 'otlp' || kind === 'otlp-jsonl') {
    // The spans start when the run did; a scenario that is not the trace's stays out of them.
    const scenario = record.scenario.id === trace.scenario ? record.scenario : null;
    const options = { startTimeMs: record.startedAt, scenario, runId: record.id };
    const name = `${base}.otlp.${kind === 'otlp' ? 'json' : 'jsonl'}`;
    // Loaded when first asked for: the first paint does not need the OpenTelemetry writer.
    const { toOtlpJson, toOtlpJsonLines } = await import('./otlp-export');
    const text =
      kind === 'otlp' ? toOtlpJson(trace, options) : toOtlpJsonLines([{ trace, options }]);
    downloadText(text, name, kind === 'otlp' ? 'application/json' : 'application/x-ndjson');
    return name;
  }
  const native = toNativeTraceJson(trace, record.scenario);
  if (kind === 'native') {
    const name = `${base}.loopscope.json`;
    downloadText(`${JSON.stringify(native)}\n`, name, 'application/json');
    return name;
  }
  const name = `${base}.html`;
  await savePage(native, name);
  return name;
}

/** Saves the compare's lanes as one HTML page; resolves to the file's name. */
export async function exportCompare(store: CompareStore): Promise<string> {
  const state = store.getState();
  const lanes = state.lanes.map((lane) => {
    const runStore = store.laneStore(lane.id);
    const record = runStore ? recordOf(runStore.getState()) : null;
    if (!record?.trace) {
      throw new Error('Every lane needs a finished run to export: press Run all first.');
    }
    return { label: lane.label, run: toNativeTraceJson(record.trace, record.scenario) };
  });
  const { sharedCompareJson } = await import('../share/share-page');
  const name = `${state.scenarioId}-compare-${fileStamp(Date.now())}.html`;
  await savePage(sharedCompareJson(lanes), name);
  return name;
}

/** Saves the compare's lanes' runs as one library file (each run with its trace and scenario). */
export function exportCompareTraces(store: CompareStore): string {
  const state = store.getState();
  const runs = state.lanes.map((lane) => {
    const runStore = store.laneStore(lane.id);
    const record = runStore ? recordOf(runStore.getState()) : null;
    if (!record?.trace) {
      throw new Error('Every lane needs a finished run to export: press Run all first.');
    }
    return { record, label: { name: lane.label } };
  });
  const name = `${state.scenarioId}-lanes-${fileStamp(Date.now())}.loopscope-library.json`;
  downloadText(JSON.stringify(libraryExportJson(runs, [], Date.now())), name, 'application/json');
  return name;
}

/** The share page with `payload` in it, saved as `name`. */
async function savePage(payload: object, name: string): Promise<void> {
  // Loaded only for a page: the template is fetched and the run put in when asked for.
  const [template, { sharePage }] = await Promise.all([
    shareTemplate(),
    import('../share/share-page'),
  ]);
  downloadText(sharePage(template, payload), name, 'text/html');
}
