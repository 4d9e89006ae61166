/** Tools: the scenario executor (fixtures and corpus search) and helpers for reading results. */
export {
  type CorpusTool,
  CORPUS_TOOLS,
  type ScenarioExecutor,
  type ToolExecutor,
  createScenarioExecutor,
} from './executor';
export {
  type CorpusHit,
  type CorpusSearch,
  MAX_HITS,
  createLexicalSearch,
  tokenize,
} from './corpus';
export { createRagSearch } from './rag';
export { type FixtureMatcher, createFixtureMatcher } from './fixtures';
export { canonicalJson, deepEqual } from './json';
export {
  type RetrievalConfidence,
  type ScoredSource,
  holdsField,
  isEmptyResult,
  isHighConfidence,
  retrievalConfidence,
} from './results';
