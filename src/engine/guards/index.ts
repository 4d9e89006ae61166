export { fingerprint, forcesRefresh } from './duplicate';
export { checkEvidence, type Evidence, type EvidenceCheck } from './fabrication';
