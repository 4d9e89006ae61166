export { TimelinePane } from './TimelinePane';
