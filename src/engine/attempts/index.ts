export {
  createMemoryStore,
  visibleReflections,
  formatReflections,
  MEMORY_WINDOW,
  type ReflectionEntry,
  type ReflectionMemory,
} from './memory';
export { JUDGE_SYSTEM, judgePrompt, parseJudgeReply, type JudgeVerdict } from './judge';
export {
  verifyAnswer,
  needsReflection,
  framingFor,
  attemptReflectionPrompt,
  ATTEMPT_REFLECTION_SYSTEM,
  verbalise,
  verbaliseTrajectory,
  type Framing,
} from './reflection';
export {
  readReflectionsJsonl,
  writeReflectionsJsonl,
  reflectionRecord,
  describeJsonlProblems,
  REFLECTION_EVALUATOR,
  REFLECTION_SOURCE,
  type StoredReflection,
  type JsonlProblem,
  type JsonlRead,
} from './jsonl';
