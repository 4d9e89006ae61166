import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { RunSummary } from '../../state/library-types';
import { COLUMNS, ROW_HEIGHT, RunRow } from './RunRow';

const HEAD = 'truncate text-right';

export interface RunListProps {
  readonly runs: readonly RunSummary[];
  readonly now: number;
  readonly checked: ReadonlySet<string>;
  readonly onCheck: (id: string, checked: boolean) => void;
  readonly onCheckAll: (checked: boolean) => void;
  readonly onOpen: (id: string) => void;
}

/**
 * The kept runs as a table whose rows are virtualised (only those in view are in the DOM, so ten
 * thousand runs scroll as one hundred do); `aria-rowcount` tells assistive technology the real
 * number.
 */
export function RunList({ runs, now, checked, onCheck, onCheckAll, onOpen }: RunListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change with every scroll; this component is not memoised (no
  // React Compiler here), so the list renders what the virtualizer says each time.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: runs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => runs[index]!.id,
  });
  const allChecked = runs.length > 0 && runs.every((run) => checked.has(run.id));
  return (
    <div
      role="table"
      aria-label="Kept runs"
      aria-rowcount={runs.length + 1}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div role="rowgroup">
        <div
          role="row"
          aria-rowindex={1}
          className={`${COLUMNS} h-8 border-b border-slate-200 bg-slate-50 px-3 text-[11px] font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400`}
        >
          <span role="columnheader">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={(event) => onCheckAll(event.currentTarget.checked)}
              aria-label="Select every listed run"
              className="h-4 w-4 accent-sky-700"
            />
          </span>
          <span role="columnheader" aria-label="Pinned" />
          <span role="columnheader">Outcome</span>
          <span role="columnheader">Run</span>
          <span role="columnheader">Settings</span>
          <span role="columnheader" className={HEAD}>
            Calls
          </span>
          <span role="columnheader" className={HEAD} title="Reflections">
            Reflect.
          </span>
          <span role="columnheader" className={HEAD}>
            Tokens
          </span>
          <span role="columnheader" className={HEAD} title="Model time">
            Time
          </span>
          <span role="columnheader" className={HEAD}>
            Date
          </span>
          <span role="columnheader" className="sr-only">
            Actions
          </span>
        </div>
      </div>
      <div ref={scroller} role="rowgroup" className="min-h-0 flex-1 overflow-auto [contain:strict]">
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const run = runs[item.index]!;
            return (
              <div
                key={item.key}
                className="absolute top-0 left-0 w-full"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <RunRow
                  run={run}
                  index={item.index}
                  now={now}
                  checked={checked.has(run.id)}
                  onCheck={onCheck}
                  onOpen={onOpen}
                />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
