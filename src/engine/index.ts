/** The engine's public surface: what projections, state, the app and the CLI may import. */
export * from './config';
export * from './types';
export {
  GUARDS,
  MACHINE,
  PHASES,
  TRANSITIONS,
  transition,
  type GuardSpec,
  type PhaseId,
  type PhaseSpec,
  type TransitionSpec,
} from './machine';
export { step } from './loop/step';
export { runLoop, type RunOptions } from './loop/runner';
export { prepareFork, ForkError, type ForkPoint } from './loop/fork';
export { initialState, ZERO_METRICS, type LoopState } from './loop/state';
export type { Effect, LoopInput } from './loop/kit';
export { buildTrace, toTraceJson } from './trace/build';
export { parseTrace, parseTraceText, TraceError, type TraceErrorCode } from './trace/parse';
export { fastNativeTrace, parseNativeTrace } from './trace/native';
export { NATIVE_TRACE_VERSION, toNativeTraceJson } from './trace/native-write';
export { NATIVE_HEAD_CHARS, startsAsNative } from './trace/native-start';
export { readTraceText, readTraceValue, type TraceFile } from './trace/read';
export {
  FileError,
  MAX_FILE_BYTES,
  checkFileSize,
  megabytes,
  type FileErrorCode,
} from './files/errors';
export { fastOpenedTrace, openFileText, openFileTextFast, type OpenedFile } from './files/open';
export {
  FORMAT_LABELS,
  type ForeignFormat,
  type ForeignTrace,
  type ImportNote,
  type ImportNoteCode,
  type SpanRow,
  type SpanType,
  type UnmappedSpan,
} from './otel';
export { MAX_IMPORT_BYTES } from './otel/open-foreign';
export { FORBIDDEN_KEYS, MAX_JSON_DEPTH, scanJson } from './files/json-scan';
export { ConfigError, parseConfigOverrides } from './config-check';
export type * from './trace/types';
export type { LoopEvent, LoopEventType, CallPurpose } from './trace/events';
export { reflectionDue, type GateCounters } from './gating';
export {
  checkEvidence,
  fingerprint,
  forcesRefresh,
  type Evidence,
  type EvidenceCheck,
} from './guards';
export { observationKey } from './loop/history';
export * from './parsers';
export * from './scenario';
export {
  createScenarioExecutor,
  canonicalJson,
  isEmptyResult,
  retrievalConfidence,
  isHighConfidence,
  type ToolExecutor,
} from './tools';
export { createScriptedModel, type ScriptedModel } from './models/scripted';
export {
  createBatchTokenCounter,
  createTokenCounter,
  type CountTexts,
  type TokenCount,
  type TokenCounter,
} from './models/tokens';
export { countWithTokenizer, loadTokenizer } from './models/tokenizer';
export {
  ModelError,
  createVirtualClock,
  type Clock,
  type ModelAdapter,
  type ModelRequest,
  type ModelStreamPart,
} from './models/spec';
export {
  createOpenAIModel,
  testConnection,
  corsHelp,
  allowsUrl,
  blockedOriginMessage,
  connectOrigins,
  connectPolicy,
  httpOrigin,
  policyCanName,
  reloadMessage,
  toOpenAIMessages,
  type ConnectionResult,
  type CorsHint,
  type EndpointSettings,
  type HttpDeps,
} from './models/openai';
export * from './attempts';
export { AppendLog } from './util/append-log';
export { scenarioConfig } from './scenario-config';
export {
  runScenario,
  scenarioModel,
  type ScenarioRunOptions,
  type ScenarioModelOptions,
  scriptedCallsUsed,
} from './run-scenario';
export * from './models/simulated';
export { gradeRun, isCorrect, type GradeMiss, type RunGrade } from './grading';
export {
  toOtlpJson,
  toOtlpJsonLines,
  toOtlpRequest,
  type OtlpExportOptions,
  type OtlpRequest,
  type OtlpSpan,
} from './otel/export';
export {
  scenarioFromTrace,
  type ScenarioFromTrace,
  type ScenarioFromTraceOptions,
} from './scenario/from-trace';
export { systemPromptOf, taskOf } from './trace/task';
