export {
  createMemoryStore,
  visibleReflections,
  formatReflections,
  MEMORY_WINDOW,
  type ReflectionEntry,
  type ReflectionMemory,
} from './memory';
export {
  verifyAnswer,
  needsReflection,
  framingFor,
  attemptReflectionPrompt,
  ATTEMPT_REFLECTION_SYSTEM,
  type Framing,
} from './reflection';
