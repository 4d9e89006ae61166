/**
 * What a span is, from its attributes rather than its scope (one instrumentation library may hold
 * every span of a process): a model call, a tool call, an agent, a chain, a retriever, HTTP, …
 * Conventions read, in order: Loopscope's own step, OpenTelemetry GenAI `gen_ai.operation.name`,
 * OpenInference `openinference.span.kind`, a backend's type (Langfuse), OpenLLMetry / LangWatch /
 * Traceloop kinds, the names ADK and others give (`call_llm`, `execute_tool …`), then HTTP and
 * database attributes. Pure.
 */
import { GEN_AI, LOOPSCOPE, OPERATION } from './attributes';
import type { ForeignSpan } from './model';
import { textAt } from './values';

export type SpanType =
  'model' | 'tool' | 'agent' | 'chain' | 'retriever' | 'embedding' | 'http' | 'database' | 'span';

export interface SpanClass {
  readonly type: SpanType;
  /** The operation or kind as the file names it ("chat", "LLM", "GENERATION", "SERVER"). */
  readonly label: string;
}

const MODEL_OPERATIONS = new Set([
  'chat',
  'text_completion',
  'generate_content',
  'completion',
  'call_llm',
]);
const AGENT_OPERATIONS = new Set([OPERATION.invokeAgent, 'create_agent', 'invoke_workflow']);
const KIND_TYPES: Readonly<Record<string, SpanType>> = {
  LLM: 'model',
  GENERATION: 'model',
  TOOL: 'tool',
  AGENT: 'agent',
  CHAIN: 'chain',
  WORKFLOW: 'chain',
  TASK: 'chain',
  RETRIEVER: 'retriever',
  RAG: 'retriever',
  EMBEDDING: 'embedding',
};

const typeOfKind = (kind: string | null): SpanType | null =>
  kind === null ? null : (KIND_TYPES[kind.toUpperCase()] ?? null);

/** Pure: the span's type and the label it was recognised by. */
export function classify(span: ForeignSpan): SpanClass {
  const attributes = span.attributes;
  if (textAt(attributes, LOOPSCOPE.step) !== null) {
    return {
      type: textAt(attributes, GEN_AI.operationName) === OPERATION.executeTool ? 'tool' : 'model',
      label: 'loopscope step',
    };
  }
  const operation = textAt(attributes, GEN_AI.operationName);
  if (operation !== null) {
    if (MODEL_OPERATIONS.has(operation)) return { type: 'model', label: operation };
    if (operation === OPERATION.executeTool) return { type: 'tool', label: operation };
    if (AGENT_OPERATIONS.has(operation)) return { type: 'agent', label: operation };
    if (operation === 'embeddings') return { type: 'embedding', label: operation };
  }
  for (const key of ['openinference.span.kind', 'langwatch.span.type', 'traceloop.span.kind']) {
    const kind = textAt(attributes, key);
    const type = typeOfKind(kind);
    if (type) return { type, label: kind! };
    if (kind && key === 'openinference.span.kind') return { type: 'span', label: kind };
  }
  const backendType = span.backend?.type ?? null;
  const fromBackend = typeOfKind(backendType);
  if (fromBackend) return { type: fromBackend, label: backendType! };
  const name = span.name;
  if (/^execute_tool\b/.test(name)) return { type: 'tool', label: 'execute_tool' };
  if (/^call_llm\b/.test(name)) return { type: 'model', label: 'call_llm' };
  if (/^invoke_agent\b/.test(name)) return { type: 'agent', label: 'invoke_agent' };
  const keys = Object.keys(attributes);
  if (
    textAt(attributes, 'llm.request.type') !== null ||
    keys.some((key) => key.startsWith('gen_ai.prompt.') || key.startsWith('gen_ai.completion.'))
  ) {
    return { type: 'model', label: textAt(attributes, 'llm.request.type') ?? 'gen_ai.prompt' };
  }
  if (
    ['http.method', 'http.request.method', 'http.url', 'url.full'].some((key) => key in attributes)
  ) {
    return { type: 'http', label: span.kind ?? 'HTTP' };
  }
  if ('db.system' in attributes || 'db.system.name' in attributes) {
    return { type: 'database', label: textAt(attributes, 'db.system') ?? 'db' };
  }
  return { type: 'span', label: backendType ?? span.kind ?? 'span' };
}

/** What a type is called in the span tree. */
export const TYPE_LABELS: Readonly<Record<SpanType, string>> = Object.freeze({
  model: 'model call',
  tool: 'tool call',
  agent: 'agent',
  chain: 'chain',
  retriever: 'retriever',
  embedding: 'embedding',
  http: 'HTTP',
  database: 'database',
  span: 'span',
});
