/** The timeline pane: one cell per step, scrubber, playback and jumps. See README.md. */
export { TimelinePane } from './TimelinePane';
export { preloadTimelineStrip } from './TimelineStrip';
