/** The decision record's panels, loaded as one chunk when the first step shows (`DecisionRecordPane`). */
export { ContextPanel } from './ContextPanel';
export { DecisionPanel } from './DecisionPanel';
export { SpansPanel } from './SpansPanel';
export { StreamingCall } from './StreamingCall';
