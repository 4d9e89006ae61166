/** The library (or some of its runs) written to one `.loopscope-library.json` file. */
import { downloadText, fileStamp } from '../components/download';
import { libraryExportJson, type LabelledRun } from '../state/library-export-write';
import type { LibraryStore } from '../state/library-store';

/** Reads the runs (all kept ones, or `ids`) and saves them with the user's scenarios as a file. */
export async function exportLibrary(
  library: LibraryStore,
  ids?: readonly string[],
): Promise<number> {
  const state = library.getState();
  const wanted = ids ? new Set(ids) : null;
  const summaries = state.runs.filter((run) => !wanted || wanted.has(run.id));
  const runs: LabelledRun[] = [];
  for (const summary of summaries) {
    const record = await state.actions.get(summary.id);
    if (record) runs.push({ record, label: { name: summary.name, pinned: summary.pinned } });
  }
  const now = Date.now();
  const text = JSON.stringify(libraryExportJson(runs, state.scenarios, now));
  downloadText(text, `loopscope-library-${fileStamp(now)}.json`, 'application/json');
  return runs.length;
}
