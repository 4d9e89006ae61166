import { Button } from '../../components';
import { MetricChips } from './MetricChips';
import { RunControls } from './RunControls';
import { RunProgress } from './RunProgress';
import { RunSetup } from './RunSetup';
import { SidebarIcon } from '../../components/icons';

export interface TopBarProps {
  readonly settingsCollapsed: boolean;
  readonly onToggleSettings: () => void;
}

/**
 * Two rows: what to run and the run's controls; then the run's metric chips and, while it runs,
 * its progress. Rows scroll sideways rather than wrap on a narrow window.
 */
export function TopBar({ settingsCollapsed, onToggleSettings }: TopBarProps) {
  return (
    <div className="shrink-0 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/70">
      <div className="flex items-center gap-3 overflow-x-auto px-2 py-1.5">
        <Button
          size="icon"
          tone="ghost"
          onClick={onToggleSettings}
          aria-controls="inspector-settings"
          aria-label={settingsCollapsed ? 'Expand settings' : 'Collapse settings'}
          title={settingsCollapsed ? 'Show the settings panel' : 'Hide the settings panel'}
        >
          <SidebarIcon />
        </Button>
        <RunSetup />
        <div className="ml-auto">
          <RunControls />
        </div>
      </div>
      <div className="flex h-9 items-center gap-3 overflow-x-auto border-t border-slate-200/70 px-3 dark:border-slate-800/70">
        <MetricChips />
        <div className="ml-auto">
          <RunProgress />
        </div>
      </div>
    </div>
  );
}
