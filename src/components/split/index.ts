export { SplitGroup, type SplitGroupProps, type SplitHandle } from './SplitGroup';
export type { PaneLength, PaneSpec } from './layout';
