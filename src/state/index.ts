/** The stores (vanilla Zustand, no React) and what they need from the outside world. */
export * from './endpoints-store';
export * from './memory-storage';
export * from './run-model';
export * from './run-store';
