/**
 * Export's files for the run a run store shows: the native trace, Trace JSON v1 (as
 * `loop run --json` prints it) and the share page (docs/decisions/0006-share-page.md).
 */
import { downloadText } from '../components/download';
import { toNativeTraceJson, toTraceJson } from '../engine';
import type { RunExportKind } from '../features/inspector';
import { recordOf } from '../state/run-record';
import type { RunStore } from '../state/run-store';

const stamp = (at: number) => new Date(at).toISOString().slice(0, 19).replace(/[:T]/g, '-');

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

/** Saves the shown run as `kind`; resolves to the file's name, rejects with a sentence. */
export async function exportRun(store: RunStore, kind: RunExportKind): Promise<string> {
  const record = recordOf(store.getState());
  const trace = record?.trace;
  if (!record || !trace)
    throw new Error('There is no finished run to export yet: press Run first.');
  const base = `${record.scenario.id}-${stamp(record.startedAt)}`;
  if (kind === 'v1') {
    const name = `${base}.json`;
    downloadText(`${JSON.stringify(toTraceJson(trace), null, 2)}\n`, name, 'application/json');
    return name;
  }
  const native = toNativeTraceJson(trace, record.scenario);
  if (kind === 'native') {
    const name = `${base}.loopscope.json`;
    downloadText(`${JSON.stringify(native)}\n`, name, 'application/json');
    return name;
  }
  // Loaded only for a page: the template is fetched and the run put in when asked for.
  const [template, { sharePage }] = await Promise.all([
    shareTemplate(),
    import('../share/share-page'),
  ]);
  const name = `${base}.html`;
  downloadText(sharePage(template, native), name, 'text/html');
  return name;
}
