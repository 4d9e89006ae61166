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
 * its progress. On a narrow window (from 1024 px) each row wraps rather than squeeze a select to
 * its caret or scroll a chip out of sight.
 */
export function TopBar({ settingsCollapsed, onToggleSettings }: TopBarProps) {
  return (
    <section
      aria-label="Run setup"
      className="shrink-0 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/70"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-2 py-1.5">
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
      <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200/70 px-3 py-1.5 dark:border-slate-800/70">
        <MetricChips />
        <div className="ml-auto">
          <RunProgress />
        </div>
      </div>
    </section>
  );
}
