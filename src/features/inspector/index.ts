/** The inspector: the page people live in. See README.md. */
export { InspectorView, type InspectorViewProps } from './InspectorView';
export { applyTheme, readTheme, type ThemePreference } from './theme';
export { ThemeToggle } from './ThemeToggle';
export { inspectorHash } from './link';
export { formatDuration } from './metrics';
export { RecordedRunView, type RecordedRunViewProps } from './RecordedRunView';
export type { RunExportKind, RunExporter } from './ExportMenu';
