/**
 * What the page does with a file picked, dropped or pasted: checked for size before it is read,
 * opened by the state layer (`openText`), then shown — a run in the inspector (kept in the
 * library as it opens), a scenario added to the picker and kept, a library file's runs kept and
 * the Library shown. A file that cannot be opened changes nothing and says why in one notice.
 */
import type { FileOpener } from '../components/file-opener';
import { viewHash } from '../components/view-route';
import { FileError, checkFileSize, type Scenario } from '../engine';
import type { LibraryStore } from '../state/library-store';
import type { ViewStores } from './view-stores';

export interface Notice {
  readonly tone: 'done' | 'problem';
  readonly text: string;
}

export interface FileOpeningOptions {
  readonly views: ViewStores;
  readonly library: LibraryStore;
  /** The built-in scenarios (a user's own may not take their ids). */
  readonly builtins: readonly Scenario[];
  readonly notify: (notice: Notice) => void;
  readonly now: () => number;
  readonly newId: () => string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The opener the page provides to its `Open…` button, drops and pastes. */
export function createFileOpening(options: FileOpeningOptions): FileOpener {
  const { views, library, builtins, notify, now, newId } = options;
  const builtinIds = new Set(builtins.map((scenario) => scenario.id));
  const go = (hash: string) => {
    if (window.location.hash !== hash) window.location.hash = hash;
  };

  const openOne = async (text: string, name: string): Promise<void> => {
    // The opener (every trace format, the importers) loads with the first file, not the page;
    // so does reading back the scenarios kept in the library (kept ones and opened this session).
    const [{ openText }, { readableScenarios }] = await Promise.all([
      import('../state/open-file'),
      import('../state/kept-scenarios'),
    ]);
    const opened = openText(text, name, {
      scenarios: [...builtins, ...readableScenarios(library.getState().scenarios)],
      builtinIds,
      newId,
      now,
    });
    const { actions } = library.getState();
    if (opened.kind === 'scenario') {
      views.addScenarios([opened.scenario]);
      await actions.putScenario(opened.kept);
      go(viewHash('inspect', opened.scenario.id));
      notify({
        tone: 'done',
        text: `Added your scenario "${opened.scenario.title}" (${opened.scenario.id}) from ${name}; it is kept in the library. Press Run to run it.`,
      });
      return;
    }
    if (opened.kind === 'library') {
      views.addScenarios(readableScenarios(opened.scenarios));
      for (const kept of opened.scenarios) await actions.putScenario(kept);
      await actions.saveAll(opened.runs);
      go(viewHash('library'));
      notify({
        tone: 'done',
        text: `Opened ${name}: ${plural(opened.runs.length, 'run')} and ${plural(opened.scenarios.length, 'scenario')} kept in the library.`,
      });
      return;
    }
    if (opened.newScenario) {
      views.addScenarios([opened.record.scenario]);
      await actions.putScenario(opened.newScenario);
    }
    views.openRecord(opened.record);
    const steps = opened.record.trace?.steps.length ?? 0;
    go(viewHash('inspect', opened.record.scenario.id, [], { run: opened.record.id }));
    const imported = opened.record.imported;
    notify({
      tone: 'done',
      text: imported
        ? `Opened ${name} (${imported.formatLabel}): ${plural(imported.spans.length, 'span')} as ${plural(steps, 'step')}${steps === 0 ? ' (no model or tool spans)' : ''}; ${imported.unmapped.length} not mapped (see the Spans tab), kept in the library.`
        : `Opened ${name}: a run of ${opened.record.scenario.id} with ${plural(steps, 'step')}, kept in the library.`,
    });
  };

  const attempt = async (name: string, open: () => Promise<void>) => {
    try {
      await open();
    } catch (error) {
      const text =
        error instanceof FileError
          ? error.message
          : `${name}: could not be opened (${error instanceof Error ? error.message : String(error)})`;
      notify({ tone: 'problem', text: `${text}. Nothing was changed.`.replace(/\.\. /, '. ') });
    }
  };

  return {
    openFiles(files) {
      void (async () => {
        for (const file of files) {
          await attempt(file.name, async () => {
            checkFileSize(file.size, file.name);
            await openOne(await file.text(), file.name);
          });
        }
      })();
    },
    openText(text, name) {
      void attempt(name, () => openOne(text, name));
    },
  };
}
