import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components';
import type { RunStore } from '../../state/run-store';
import { useRunStore, useRunStoreApi } from '../run';
import { selectStatus, selectTrace } from './selectors';

/**
 * What Export writes: the native trace, Trace JSON v1 (as `loop run --json`), the share page,
 * OpenTelemetry (OTLP/JSON, OTLP JSON Lines); and `scenario`: a scenario made from the run.
 */
export type RunExportKind = 'native' | 'v1' | 'html' | 'otlp' | 'otlp-jsonl' | 'scenario';

/** Saves the run `store` shows as `kind`; the app makes the file (and says how it went). */
export type RunExporter = (kind: RunExportKind, store: RunStore) => void;

const CHOICES: readonly { kind: RunExportKind; label: string; hint: string }[] = [
  {
    kind: 'native',
    label: 'Trace (.loopscope.json)',
    hint: 'The native file, with its scenario: opens here again and in loop open / loop run --fork',
  },
  {
    kind: 'v1',
    label: 'Trace JSON v1 (as loop run --json)',
    hint: 'The trace as the CLI prints it with --json',
  },
  {
    kind: 'html',
    label: 'HTML page',
    hint: 'One file that opens this run read-only in any browser, offline, with no server',
  },
  {
    kind: 'otlp',
    label: 'OpenTelemetry (OTLP JSON)',
    hint: 'The run as OpenTelemetry spans (GenAI conventions) for Jaeger, Tempo, Langfuse or a collector',
  },
  {
    kind: 'otlp-jsonl',
    label: 'OpenTelemetry (JSONL)',
    hint: "The same spans as JSON Lines, one request a line, as the collector's file exporter writes",
  },
  {
    kind: 'scenario',
    label: 'Make a scenario from this run',
    hint: 'A scenario of your own that replays this run: its task, tools, recorded results and replies, opened in the editor',
  },
];

/**
 * "Export": a small disclosure of the formats the shown run can be saved in. Enabled once a run
 * has ended with a trace; Escape or focus leaving it closes it.
 */
export function ExportMenu({ onExport }: { readonly onExport: RunExporter }) {
  const store = useRunStoreApi();
  const trace = useRunStore(selectTrace);
  const status = useRunStore(selectStatus);
  const ready = trace !== null && status === 'done';
  const [open, setOpen] = useState(false);
  const listId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) menu.current?.querySelector('button')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  return (
    <div ref={menu} className="relative shrink-0" onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        size="sm"
        disabled={!ready}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
        title={ready ? 'Save this run as a file' : 'Export: run the scenario first'}
      >
        Export
      </Button>
      <ul
        id={listId}
        hidden={!open}
        aria-label="Export as"
        className="absolute right-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {CHOICES.map((choice) => (
          <li key={choice.kind}>
            <button
              type="button"
              title={choice.hint}
              className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              onClick={() => {
                close(true);
                onExport(choice.kind, store);
              }}
            >
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
