/**
 * What the page does with a file picked, dropped or pasted: checked for size before it is read,
 * read and parsed in the open worker (`open-worker-client.ts`; a notice says how far it got),
 * made into the app's state by the state layer (`openResult`), then shown — a run in the inspector (kept in the
 * library as it opens, written by the worker that read it: `handOver`), a scenario added to the picker and kept, a library file's runs kept and
 * the Library shown. A file that cannot be opened changes nothing and says why in one notice.
 * Opening another file (or dismissing the notice) while one is read stops that one.
 */
import type { FileOpener } from '../components/file-opener';
import { viewHash } from '../components/view-route';
import { FileError, checkFileSize, megabytes, type OpenedFile, type Scenario } from '../engine';
import type { LibraryStore } from '../state/library-store';
import type { RecordWriter } from '../state/library-types';
import { noteTraceBytes } from '../state/library-summary';
import {
  OpenCancelled,
  createEngineOpener,
  pagePort,
  type EngineOpener,
  type OpenJob,
  type OpenProgress,
} from './open-worker-client';
import type { ViewStores } from './view-stores';

export interface Notice {
  /**
   * `working`: a file is being read or parsed (dismissing it stops the opening). `keeping`: a
   * run opened and shown, not yet written to the library (dismissing it says no more of it; the
   * write goes on).
   */
  readonly tone: 'working' | 'keeping' | 'done' | 'problem';
  readonly text: string;
}

/** Pure: whether `notice` is about work still under way (read out busy; dismissing it stops it). */
export const underWay = (notice: Notice | null): boolean =>
  notice?.tone === 'working' || notice?.tone === 'keeping';

/** The page's opener, and a way to stop the opening under way (the notice's dismiss). */
export interface FileOpening extends FileOpener {
  readonly cancel: () => void;
}

export interface FileOpeningOptions {
  readonly views: ViewStores;
  readonly library: LibraryStore;
  /** The built-in scenarios (a user's own may not take their ids). */
  readonly builtins: readonly Scenario[];
  readonly notify: (notice: Notice) => void;
  readonly now: () => number;
  readonly newId: () => string;
  /** Reads and parses a file: the open worker (or its core, where there are no workers). */
  readonly open?: EngineOpener;
}

/**
 * The state's opener (library exports, runs) and the reader of the scenarios a library export
 * keeps: loaded with the first file, not the page. Asked when a file is chosen, so they load
 * while it is read, not after it is parsed (a parse holds the page's thread, and the chunks'
 * requests wait for it: ~0.25 s before a 100,000-step trace showed).
 */
const openerModules = () =>
  Promise.all([import('../state/open-file'), import('../state/kept-scenarios')]);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the notice says while a file is read, then parsed (the page reads without counting). */
export const progressText = (name: string, progress: OpenProgress): string => {
  if (progress.stage === 'parsing') return `Parsing ${name}…`;
  if (progress.bytes === undefined) return `Reading ${name} (${megabytes(progress.total)})…`;
  return `Reading ${name}… ${megabytes(progress.bytes)}${progress.total > 0 ? ` of ${megabytes(progress.total)}` : ''}`;
};

/** The opener the page provides to its `Open…` button, drops and pastes. */
export function createFileOpening(options: FileOpeningOptions): FileOpening {
  const { views, library, builtins, now, newId } = options;
  /** Notices said so far: a late one (a run kept) is said only if nothing was said after it. */
  let said = 0;
  const notify = (notice: Notice) => {
    said += 1;
    options.notify(notice);
  };
  const open = options.open ?? createEngineOpener(pagePort());
  /** The opening under way, and the turn it belongs to (a newer file's turn makes it stale). */
  let job: OpenJob | null = null;
  let turn = 0;
  const builtinIds = new Set(builtins.map((scenario) => scenario.id));
  const go = (hash: string) => {
    if (window.location.hash !== hash) window.location.hash = hash;
  };

  /**
   * Reads and parses off the main thread; throws OpenCancelled once `mine` is not the turn.
   * With the reading, the worker that holds it (to write the run), when it can.
   */
  const parse = async (
    source: Blob | string,
    name: string,
    mine: number,
  ): Promise<{ parsed: OpenedFile; keeper: RecordWriter | null }> => {
    const running = open(source, name, (progress) => {
      if (mine === turn) notify({ tone: 'working', text: progressText(name, progress) });
    });
    job = running;
    try {
      const parsed = await running.opened;
      return { parsed, keeper: running.keeper() };
    } finally {
      if (job === running) job = null;
    }
  };

  const openOne = async (source: Blob | string, name: string, mine: number): Promise<void> => {
    void openerModules().catch(() => undefined); // a failed load is said by `show`'s own await
    const { parsed, keeper } = await parse(source, name, mine);
    try {
      await show(source, name, mine, parsed, keeper);
    } catch (error) {
      keeper?.release();
      throw error;
    }
  };

  /** Makes the app's state of a file read; a run's record is written by `keeper` when there is one. */
  const show = async (
    source: Blob | string,
    name: string,
    mine: number,
    parsed: OpenedFile,
    keeper: RecordWriter | null,
  ): Promise<void> => {
    // The library counts the file's size for the trace, not its JSON written again.
    if (parsed.kind === 'trace') {
      noteTraceBytes(parsed.trace, typeof source === 'string' ? source.length : source.size);
    }
    const [{ openResult }, { readableScenarios }] = await openerModules();
    if (mine !== turn) throw new OpenCancelled(name);
    const opened = openResult(parsed, name, {
      scenarios: [...builtins, ...readableScenarios(library.getState().scenarios)],
      builtinIds,
      newId,
      now,
    });
    const { actions } = library.getState();
    if (opened.kind === 'run' && keeper) actions.handOver(opened.record.id, keeper);
    else keeper?.release();
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
    // Asked before the run is shown: its save starts once the page has drawn it.
    const kept = actions.whenKept(opened.record.id);
    views.openRecord(opened.record);
    const steps = opened.record.trace?.steps.length ?? 0;
    go(viewHash('inspect', opened.record.scenario.id, [], { run: opened.record.id }));
    const imported = opened.record.imported;
    const what = imported
      ? `Opened ${name} (${imported.formatLabel}): ${plural(imported.spans.length, 'span')} as ${plural(steps, 'step')}${steps === 0 ? ' (no model or tool spans)' : ''}; ${imported.unmapped.length} not mapped (see the Spans tab)`
      : `Opened ${name}: a run of ${opened.record.scenario.id} with ${plural(steps, 'step')}`;
    notify({ tone: 'keeping', text: `${what}; writing it to the library…` });
    const keeping = said;
    // Said only once it is so: "kept" after the write, not while a 100,000-step run is written;
    // and not over a later notice (the next file's), nor after this one was dismissed.
    const current = () => mine === turn && said === keeping;
    void kept.then(
      (where) => {
        if (!current()) return;
        notify(
          where === 'stored'
            ? { tone: 'done', text: `${what}, kept in the library.` }
            : {
                tone: 'problem',
                text: `${what}. The library is in this tab's memory only (its notice says why), so the run is kept until the page closes: export it to keep it.`,
              },
        );
      },
      (error: unknown) => {
        if (!current()) return;
        notify({
          tone: 'problem',
          text: `${what}, but it could not be written to the library (${error instanceof Error ? error.message : String(error)}). It stays open here: export it to keep it.`,
        });
      },
    );
  };

  const attempt = async (name: string, opening: () => Promise<void>) => {
    try {
      await opening();
    } catch (error) {
      if (error instanceof OpenCancelled) return;
      const text =
        error instanceof FileError
          ? error.message
          : `${name}: could not be opened (${error instanceof Error ? error.message : String(error)})`;
      notify({ tone: 'problem', text: `${text}. Nothing was changed.`.replace(/\.\. /, '. ') });
    }
  };

  /** A new turn: the opening under way (and the files after it) stop. */
  const begin = (): number => {
    job?.cancel();
    job = null;
    return ++turn;
  };

  return {
    openFiles(files) {
      const mine = begin();
      void (async () => {
        for (const file of files) {
          if (mine !== turn) return;
          await attempt(file.name, async () => {
            checkFileSize(file.size, file.name);
            await openOne(file, file.name, mine);
          });
        }
      })();
    },
    openText(text, name) {
      const mine = begin();
      void attempt(name, () => openOne(text, name, mine));
    },
    cancel() {
      begin();
    },
  };
}
