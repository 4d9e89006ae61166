/**
 * The projections' named surface: pure builders from engine traces (and the machine) to view
 * data, one module per view. Internals of a builder (the phase graph's layout, aggregate and
 * unrolled modes, reasons) stay behind its module.
 */
export * from './align';
export * from './attempt-memory';
export * from './attempts';
export * from './captions';
export * from './compare-summary';
export * from './context-diff';
export * from './cors-help';
export * from './decision-record';
export * from './eval-matrix';
export * from './grade-words';
export * from './phase-graph';
export * from './presentation';
export * from './scenario-config';
export * from './timeline';
export * from './lens';
export * from './span-tree';
export * from './setting-traps';
