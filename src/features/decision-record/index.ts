/** The decision record: what the selected step decided, why, on what evidence. See README.md. */
export { DecisionRecordPane, preloadDecisionRecord } from './DecisionRecordPane';
