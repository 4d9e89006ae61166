import { useState, type RefObject } from 'react';
import {
  Group,
  Panel,
  Separator,
  useDefaultLayout,
  type PanelImperativeHandle,
  type PanelSize,
} from 'react-resizable-panels';
import { FOCUS_RING } from '../../components';
import type { KeyValueStorage } from '../../state';
import { AttemptsStrip } from '../attempts';
import { createLensStore } from '../../state/lens-store';
import { DecisionRecordPane } from '../decision-record';
import { LensBar, LensProvider } from '../lens';
import { PhaseGraphPane } from '../phase-graph';
import { SettingsPane } from '../settings';
import { TimelinePane } from '../timeline';

/** Layout ids: the library saves each group's sizes under its id (bump to drop old layouts). */
const ROWS_ID = 'loopscope.layout.rows.v1';
const COLUMNS_ID = 'loopscope.layout.columns.v1';

/** A 1px rule with an 8px hit area; the library gives it role="separator" and arrow keys. */
const SEPARATOR = `relative shrink-0 bg-slate-200 outline-none transition-colors after:absolute after:content-[''] hover:bg-sky-400 data-[separator=active]:bg-sky-500 dark:bg-slate-800 dark:hover:bg-sky-600 ${FOCUS_RING} focus-visible:ring-offset-0`;
const VERTICAL_RULE = `${SEPARATOR} w-px after:inset-y-0 after:-left-1 after:-right-1`;
const HORIZONTAL_RULE = `${SEPARATOR} h-px after:inset-x-0 after:-top-1 after:-bottom-1`;
const PANE = 'h-full min-h-0 overflow-hidden bg-white dark:bg-slate-950';

/** The Settings pane's handle and whether it is collapsed. */
export interface SettingsPaneControl {
  readonly ref: RefObject<PanelImperativeHandle | null>;
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
  const rows = useDefaultLayout({ id: ROWS_ID + suffix, storage });
  const columns = useDefaultLayout({ id: COLUMNS_ID + suffix, storage });
  const onSettingsResize = (size: PanelSize) => settings?.onCollapsed(size.inPixels < 1);
  // The guards lens of this run view: its switch, read by the strip and the panes below it.
  const [lens] = useState(() => createLensStore());

  return (
    <LensProvider store={lens}>
      <LensBar />
      <Group
        orientation="vertical"
        id={ROWS_ID + suffix}
        defaultLayout={rows.defaultLayout}
        onLayoutChanged={rows.onLayoutChanged}
        className="min-h-0 flex-1"
      >
        <Panel id="main" minSize="30%">
          <Group
            orientation="horizontal"
            id={COLUMNS_ID + suffix}
            defaultLayout={columns.defaultLayout}
            onLayoutChanged={columns.onLayoutChanged}
            className="h-full"
          >
            {settings && (
              <>
                <Panel
                  id="settings"
                  panelRef={settings.ref}
                  collapsible
                  collapsedSize={0}
                  minSize={220}
                  defaultSize="22%"
                  maxSize="40%"
                  onResize={onSettingsResize}
                  className={PANE}
                >
                  <div
                    id="inspector-settings"
                    hidden={settings.collapsed}
                    className="h-full overflow-auto"
                  >
                    <SettingsPane />
                  </div>
                </Panel>
                <Separator aria-label="Resize settings" className={VERTICAL_RULE} />
              </>
            )}
            <Panel id="graph" minSize="25%" className={PANE}>
              <PhaseGraphPane />
            </Panel>
            <Separator aria-label="Resize decision record" className={VERTICAL_RULE} />
            <Panel id="record" minSize={260} defaultSize="30%" className={PANE}>
              <div className="h-full overflow-auto">
                <DecisionRecordPane />
              </div>
            </Panel>
          </Group>
        </Panel>
        <Separator aria-label="Resize timeline" className={HORIZONTAL_RULE} />
        <Panel id="timeline" minSize={96} defaultSize="28%" className={PANE}>
          {/* A run of several attempts: the attempts strip above the timeline. */}
          <div className="flex h-full min-h-0 flex-col">
            <AttemptsStrip />
            <div className="min-h-0 flex-1">
              <TimelinePane />
            </div>
          </div>
        </Panel>
      </Group>
    </LensProvider>
  );
}
