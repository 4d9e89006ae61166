export { DecisionRecordPane } from './DecisionRecordPane';
