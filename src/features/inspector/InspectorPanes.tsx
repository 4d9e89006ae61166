import { useCallback, useState, type RefObject } from 'react';
import { FOCUS_RING } from '../../components';
import { SplitGroup, type PaneSpec, type SplitHandle } from '../../components/split';
import type { KeyValueStorage } from '../../state';
import { AttemptsStrip } from '../attempts';
import { createLensStore } from '../../state/lens-store';
import { selectHasAttempts } from '../../state/run-selectors';
import { DecisionRecordPane } from '../decision-record';
import { LensBar, LensProvider } from '../lens';
import { PhaseGraphPane } from '../phase-graph';
import { useRunStore } from '../run';
import { SettingsPane } from '../settings';
import { TimelinePane } from '../timeline';

/** Layout ids: each group's shares are kept under its id (bump to drop old layouts). */
const ROWS_ID = 'loopscope.layout.rows.v2';
const COLUMNS_ID = 'loopscope.layout.columns.v2';

const ROWS: readonly PaneSpec[] = [
  { id: 'main', minSize: 30 },
  { id: 'timeline', minSize: '96px', defaultSize: 28 },
];
/**
 * A run of several attempts: the attempts strip (~95px) sits in the timeline's pane, so the pane
 * grows by it rather than squeeze the steps and the scrubber out of sight (at 1280×800 its 28%
 * left the steps half cut and the scrubber hidden); the panes above give the room.
 */
const ROWS_WITH_ATTEMPTS: readonly PaneSpec[] = ROWS.map((pane) =>
  pane.id === 'timeline' ? { ...pane, minSize: '264px' } : pane,
);
const SETTINGS: PaneSpec = {
  id: 'settings',
  collapsible: true,
  minSize: '220px',
  defaultSize: 22,
  maxSize: 40,
};
const COLUMNS: readonly PaneSpec[] = [
  { id: 'graph', minSize: 25 },
  { id: 'record', minSize: '260px', defaultSize: 30 },
];

/** A 1px rule with an 8px hit area; `SplitGroup` gives it role="separator" and arrow keys. */
const SEPARATOR = `relative shrink-0 bg-slate-200 outline-none transition-colors after:absolute after:content-[''] hover:bg-sky-400 data-[separator=active]:bg-sky-500 dark:bg-slate-800 dark:hover:bg-sky-600 ${FOCUS_RING} focus-visible:ring-offset-0`;
const VERTICAL_RULE = `${SEPARATOR} w-px after:inset-y-0 after:-left-1 after:-right-1`;
const HORIZONTAL_RULE = `${SEPARATOR} h-px after:inset-x-0 after:-top-1 after:-bottom-1`;
/**
 * Contained (size, layout, paint): a pane's size comes from the split, never from what it holds,
 * so a step's new record lays out and paints within its pane, not the page around it.
 */
const PANE = 'h-full min-h-0 overflow-hidden bg-white [contain:strict] dark:bg-slate-950';

/** The Settings pane's handle and whether it is collapsed. */
export interface SettingsPaneControl {
  readonly ref: RefObject<SplitHandle | null>;
  /** A collapsed settings pane is hidden: out of the tab order and the accessibility tree. */
  readonly collapsed: boolean;
  /** Told whenever the settings pane collapses or expands (also on mount). */
  readonly onCollapsed: (collapsed: boolean) => void;
}

export interface InspectorPanesProps {
  readonly storage: KeyValueStorage;
  /** The Settings pane; null leaves it out (a recorded run shown read-only changes nothing). */
  readonly settings: SettingsPaneControl | null;
}

/**
 * The guards lens strip, then Settings (left, collapsible; left out when `settings` is null), the
 * phase graph (centre) and the decision record (right) above the timeline. Sizes persist in `storage` so a reload keeps
 * them (the read-only layout under ids of its own).
 */
export function InspectorPanes({ storage, settings }: InspectorPanesProps) {
  const suffix = settings ? '' : '.readonly';
  const onCollapsed = settings?.onCollapsed;
  const onCollapsedChange = useCallback(
    (collapsed: readonly string[]) => onCollapsed?.(collapsed.includes('settings')),
    [onCollapsed],
  );
  // The guards lens of this run view: its switch, read by the strip and the panes below it.
  const [lens] = useState(() => createLensStore());
  const attempts = useRunStore(selectHasAttempts);

  const columns = [
    ...(settings
      ? [
          <div
            key="settings"
            id="inspector-settings"
            hidden={settings.collapsed}
            className="h-full overflow-auto"
          >
            <SettingsPane />
          </div>,
        ]
      : []),
    <PhaseGraphPane key="graph" />,
    <div key="record" className="h-full overflow-auto">
      <DecisionRecordPane />
    </div>,
  ];

  return (
    <LensProvider store={lens}>
      <LensBar />
      <SplitGroup
        id={ROWS_ID + suffix}
        orientation="vertical"
        panes={attempts ? ROWS_WITH_ATTEMPTS : ROWS}
        separatorLabels={['Resize timeline']}
        storage={storage}
        className="min-h-0 flex-1"
        separatorClassName={HORIZONTAL_RULE}
      >
        {[
          <SplitGroup
            key="main"
            id={COLUMNS_ID + suffix}
            orientation="horizontal"
            panes={settings ? [SETTINGS, ...COLUMNS] : COLUMNS}
            separatorLabels={
              settings ? ['Resize settings', 'Resize decision record'] : ['Resize decision record']
            }
            storage={storage}
            className="h-full"
            paneClassName={PANE}
            separatorClassName={VERTICAL_RULE}
            onCollapsedChange={onCollapsedChange}
            handleRef={settings?.ref}
          >
            {columns}
          </SplitGroup>,
          // A run of several attempts: the attempts strip above the timeline.
          <div key="timeline" className={`flex flex-col ${PANE}`}>
            <AttemptsStrip />
            <div className="min-h-0 flex-1">
              <TimelinePane />
            </div>
          </div>,
        ]}
      </SplitGroup>
    </LensProvider>
  );
}
