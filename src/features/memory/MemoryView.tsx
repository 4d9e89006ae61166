import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { downloadText, fileStamp } from '../../components/download';
import {
  checkReflectionsFile,
  searchReflections,
  type ReflectionsImport,
  type ReflectionsStore,
} from '../../state/reflections-store';
import { dateText, importSummary, rewardText } from './format';
import {
  ReflectionsStoreProvider,
  selectProblem,
  selectReflections,
  selectStatus,
  useReflections,
  useReflectionsActions,
} from './memory-context';

export interface MemoryViewProps {
  readonly store: ReflectionsStore;
  /** The page header (title, view switch, Open…, theme): the app's. */
  readonly header: ReactNode;
}

/**
 * The Memory panel: every reflection attempts left (kept across runs and reloads, what
 * `cross_task` history injects), with its scenario, attempt, reward and date; search, delete,
 * clear (asked first), export and import as LiTS-style JSONL.
 */
export function MemoryView({ store, header }: MemoryViewProps) {
  return (
    <ReflectionsStoreProvider store={store}>
      <div className="flex h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {header}
        <main className="flex min-h-0 flex-1 flex-col">
          <MemoryNotice />
          <MemoryBody />
        </main>
      </div>
    </ReflectionsStoreProvider>
  );
}

function MemoryNotice() {
  const problem = useReflections(selectProblem);
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <span className="font-semibold">Reflections are not being saved. </span>
      {problem.message} Until then reflections are kept in this tab only; export them to keep them.
    </div>
  );
}

function MemoryBody() {
  const status = useReflections(selectStatus);
  const reflections = useReflections(selectReflections);
  const actions = useReflectionsActions();
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [imported, setImported] = useState<ReflectionsImport | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Newest first on screen; the store keeps them oldest first (the order history reads).
  const shown = useMemo(
    () => [...searchReflections(reflections, query)].reverse(),
    [reflections, query],
  );

  const exportAll = () =>
    downloadText(
      actions.exportJsonl(),
      `loopscope-reflections-${fileStamp(Date.now())}.jsonl`,
      'application/x-ndjson',
    );
  const importFile = async (file: File) => {
    setImported(null);
    setFileProblem(null);
    try {
      checkReflectionsFile(file.size, file.name);
      setImported(await actions.importJsonl(await file.text()));
    } catch (error) {
      setFileProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <label className="flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
          Search reflections
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-8 w-64 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {status === 'loading'
            ? 'Reading the memory…'
            : `${reflections.length} ${reflections.length === 1 ? 'reflection' : 'reflections'} kept`}
        </span>
        <div className="ml-auto flex items-center gap-2">
          <Button size="sm" onClick={exportAll} disabled={reflections.length === 0}>
            Export JSONL
          </Button>
          <Button size="sm" onClick={() => input.current?.click()}>
            Import JSONL…
          </Button>
          <input
            ref={input}
            type="file"
            accept=".jsonl,.ndjson,.json,application/x-ndjson,text/plain"
            aria-label="Import reflections from a JSONL file"
            className="hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <Button
            size="sm"
            tone="danger"
            onClick={() => setConfirming(true)}
            disabled={reflections.length === 0}
          >
            Clear memory…
          </Button>
        </div>
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-label="Clear the memory"
          className="flex items-center gap-3 border-b border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-950 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-100"
        >
          <p className="flex-1">
            Delete all {reflections.length} kept reflections? Runs with “Across runs” history will
            start without them. This cannot be undone; export them first to keep a copy.
          </p>
          <Button
            size="sm"
            tone="danger"
            onClick={() => {
              setConfirming(false);
              void actions.clear();
            }}
          >
            Delete all
          </Button>
          <Button size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
      <ImportReport imported={imported} fileProblem={fileProblem} />
      <ReflectionTable shown={shown} onDelete={(id) => void actions.remove(id)} />
    </div>
  );
}

function ImportReport({
  imported,
  fileProblem,
}: {
  readonly imported: ReflectionsImport | null;
  readonly fileProblem: string | null;
}) {
  if (fileProblem)
    return (
      <p
        role="alert"
        className="border-b border-rose-200 px-3 py-2 text-sm text-rose-800 dark:border-rose-900 dark:text-rose-200"
      >
        The file was not imported: {fileProblem}
      </p>
    );
  if (!imported) return null;
  return (
    <div
      role="status"
      className="border-b border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
    >
      <p>{importSummary(imported.added, imported.problems.length)}</p>
      {imported.problems.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-xs text-rose-800 dark:text-rose-200">
          {imported.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ReflectionTable({
  shown,
  onDelete,
}: {
  readonly shown: ReturnType<typeof searchReflections>;
  readonly onDelete: (id: number) => void;
}) {
  if (shown.length === 0)
    return (
      <p className="px-3 py-6 text-sm text-slate-600 dark:text-slate-400">
        No reflections here yet. Run a scenario with more than one attempt (Settings → Attempts):
        each attempt reflected on leaves one, and runs with “Across runs” history read them.
      </p>
    );
  return (
    <div className="min-h-0 flex-1 overflow-auto">
      <table className="w-full border-collapse text-sm" aria-label="Kept reflections">
        <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          <tr>
            <th className="px-3 py-1.5 font-medium">Scenario</th>
            <th className="px-3 py-1.5 font-medium">Attempt</th>
            <th className="px-3 py-1.5 font-medium">Reward</th>
            <th className="px-3 py-1.5 font-medium">Date</th>
            <th className="px-3 py-1.5 font-medium">Reflection</th>
            <th className="px-3 py-1.5 font-medium">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((reflection) => (
            <tr
              key={reflection.id}
              className="border-t border-slate-200 align-top dark:border-slate-800"
            >
              <td className="px-3 py-2 font-mono text-xs">{reflection.scenario}</td>
              <td className="px-3 py-2">{reflection.attempt}</td>
              <td className="px-3 py-2">
                <span
                  title={
                    reflection.rewardSource === 'judge'
                      ? 'A model judge scored the attempt: weaker than an environment check.'
                      : undefined
                  }
                >
                  {rewardText(reflection.reward, reflection.rewardSource)}
                </span>
                {reflection.framing ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {reflection.framing}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-xs whitespace-nowrap">
                {dateText(reflection.timestamp)}
              </td>
              <td className="px-3 py-2 whitespace-pre-wrap">{reflection.content}</td>
              <td className="px-3 py-2">
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Delete the reflection on ${reflection.scenario}, attempt ${reflection.attempt}`}
                  onClick={() => onDelete(reflection.id)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
