import { useId, useRef, type KeyboardEvent } from 'react';
import { FOCUS_RING } from '../../components';

/** The record's views: Spans only for a run imported from another tool's trace. */
export type RecordTab = 'decision' | 'context' | 'spans';

const ALL_TABS: readonly { readonly id: RecordTab; readonly label: string }[] = [
  { id: 'decision', label: 'Decision' },
  { id: 'context', label: 'Context' },
  { id: 'spans', label: 'Spans' },
];

/** Ids that tie each tab to its panel. */
export function useTabIds() {
  const base = useId();
  return {
    tab: (tab: RecordTab) => `${base}-tab-${tab}`,
    panel: (tab: RecordTab) => `${base}-panel-${tab}`,
  };
}

/**
 * The record's views as an ARIA tab list: ←/→ (and Home/End) move between the tabs and
 * select them; only the selected tab is in the tab order.
 */
export function RecordTabs({
  selected,
  onSelect,
  ids,
  spans = false,
}: {
  readonly selected: RecordTab;
  readonly onSelect: (tab: RecordTab) => void;
  readonly ids: ReturnType<typeof useTabIds>;
  /** Offer the Spans tab (an imported run). */
  readonly spans?: boolean;
}) {
  const TABS = spans ? ALL_TABS : ALL_TABS.filter((tab) => tab.id !== 'spans');
  const refs = useRef<Partial<Record<RecordTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    const tab = TABS[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <div role="tablist" aria-label="Record views" className="flex gap-1" onKeyDown={onKeyDown}>
      {TABS.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={ids.tab(tab.id)}
            aria-selected={active}
            aria-controls={active ? ids.panel(tab.id) : undefined}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`relative h-9 rounded-t px-2.5 text-[13px] font-medium transition-colors ${FOCUS_RING} ${
              active
                ? 'text-slate-900 after:absolute after:inset-x-1.5 after:-bottom-px after:h-0.5 after:rounded-full after:bg-sky-600 dark:text-slate-50 dark:after:bg-sky-400'
                : 'text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
