/**
 * A run's grade (the engine's `gradeRun`, the verdict the presenter and the eval matrix give) in
 * the short words the inspector, compare and the library show beside it. Pure.
 */
import type { RunGrade, StopReason } from '../engine';

/** What a run should have done, as "it should have …" ends. */
const SHOULD: Readonly<Record<StopReason, string>> = {
  answer: 'answered',
  escalate: 'escalated to a person',
  max_steps: 'run out of steps',
  stalled: 'stalled',
  error: 'failed',
  cancelled: 'been cancelled',
};

/** Pure: the expected parts as a list in quotes: “15%” or “5-7 business days”. */
export function quotedParts(parts: readonly string[]): string {
  return parts.map((part) => `“${part}”`).join(' or ');
}

/** Pure: "correct" or "wrong", and why a wrong run is wrong (null when correct). */
export function gradeWords(grade: RunGrade): {
  readonly word: 'correct' | 'wrong';
  readonly why: string | null;
} {
  if (grade.correct) return { word: 'correct', why: null };
  switch (grade.miss) {
    case 'missing':
      return { word: 'wrong', why: `never mentions ${quotedParts(grade.missing)}` };
    case 'escalation':
      return { word: 'wrong', why: 'escalated for another reason than expected' };
    default:
      return { word: 'wrong', why: `it should have ${SHOULD[grade.expectedStop]}` };
  }
}

/** Pure: the grade in one line: "correct", "wrong: never mentions “5-7 business days”". */
export function gradeLine(grade: RunGrade): string {
  const { word, why } = gradeWords(grade);
  return why ? `${word}: ${why}` : word;
}
