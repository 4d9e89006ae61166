/**
 * The OpenTelemetry writer, apart from `run-export.ts` so that it loads when Export → OpenTelemetry
 * is first asked for, not with the page.
 */
export { toOtlpJson, toOtlpJsonLines } from '../engine';
