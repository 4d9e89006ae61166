/**
 * Reading a user's evidence rules (JSON text) for the guards lens: loaded when the user first
 * applies rules, not with the page, since checking them needs the scenario schema (zod).
 */
export { parseEvidenceRulesText } from '../engine';
