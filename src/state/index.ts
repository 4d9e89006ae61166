/**
 * The state layer's named surface, by module: the stores (vanilla Zustand, no React), the pure
 * helpers they are built from, and what they need from the outside world (storage, the model).
 */
export * from './compare-store';
export * from './demos';
export * from './endpoints-store';
export * from './eval-store';
export * from './lane-tokens';
export * from './library-autosave';
export * from './library-problems';
export * from './library-query';
export * from './library-store';
export * from './library-summary';
export * from './library-types';
export * from './memory-library';
export * from './memory-storage';
export * from './presenter-store';
export * from './reflections-store';
export * from './reflections-types';
export * from './run-gate';
export * from './run-model';
export * from './run-navigation';
export * from './run-record';
export * from './run-selectors';
export * from './run-store';
export * from './run-view';
export * from './saved-configs';
export * from './start-run';
export * from './timer';
export * from './trace-so-far';
export * from './try-storage';
export * from './lens-store';
