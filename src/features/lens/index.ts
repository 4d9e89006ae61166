/** The guards lens over a recorded run: its switch and summary strip, and the hooks panes read. */
export { LensBar } from './LensBar';
export { LensProvider, useLens, useLensShown, useLensStore } from './lens-context';
