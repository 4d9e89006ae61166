/**
 * Pure: where the words of earlier attempts went. Finds the reflection memory block in a call's
 * system prompt ("Reflections from previous attempts:\n\n[Reflection 1]\n…", the block the
 * engine's `formatReflections` writes, the LiTS retrieval format), each reflection's exact range
 * in it, and the attempt of this run that wrote it. No React.
 */
import type { Message, Step } from '../engine';
import type { AttemptSummary } from './attempts';

/** The block's first line, as `formatReflections` writes it. */
export const MEMORY_HEADING = 'Reflections from previous attempts:';

/** One injected reflection, located in the message's text. */
export interface MemoryReflection {
  /** Its number in the block ("[Reflection 2]"). */
  readonly number: number;
  /** Where its label starts ("[Reflection 2]") in the message's text. */
  readonly labelStart: number;
  /** Where its words are: `text.slice(start, end)` is exactly what memory held. */
  readonly start: number;
  readonly end: number;
  readonly content: string;
  /** The attempt of this run that wrote it (and its reflection step); null: from an earlier run. */
  readonly from: { readonly attempt: number; readonly step: number } | null;
}

/** The memory block of one message. */
export interface MemoryBlock {
  /** Where the heading starts; the block runs to the message's end (notes go last). */
  readonly start: number;
  readonly end: number;
  readonly reflections: readonly MemoryReflection[];
}

const LABEL = /\[Reflection (\d+)\]\n/g;

/**
 * Pure: the memory block in `text` (a system prompt), with each reflection located, or null when
 * it carries none. `written` are this run's reflections (from `buildAttempts`): a reflection whose
 * words match one written before `attempt` is linked to it (the latest such one).
 */
export function findMemoryBlock(
  text: string,
  written: readonly Pick<AttemptSummary, 'attempt' | 'reflection'>[] = [],
  attempt = Number.POSITIVE_INFINITY,
): MemoryBlock | null {
  const start = text.lastIndexOf(MEMORY_HEADING);
  if (start < 0) return null;
  const labels = [...text.slice(start).matchAll(LABEL)].map((match) => ({
    number: Number(match[1]),
    labelStart: start + match.index,
    start: start + match.index + match[0].length,
  }));
  const sources = written.filter((entry) => entry.reflection && entry.attempt < attempt);
  const reflections = labels.map((label, position) => {
    const next = labels[position + 1];
    // Blocks are joined by a blank line; the last runs to the end of the prompt.
    const end = next ? next.labelStart - 2 : text.length;
    const content = text.slice(label.start, Math.max(label.start, end));
    const source = [...sources].reverse().find((entry) => entry.reflection!.text === content);
    return {
      ...label,
      end: Math.max(label.start, end),
      content,
      from: source ? { attempt: source.attempt, step: source.reflection!.step } : null,
    };
  });
  return { start, end: text.length, reflections };
}

/**
 * Pure: how many characters of reflection memory a step's prompt carried (the memory block of
 * its call's system prompt, as LiTS logs "returned N chars"); 0 when none, null when the step
 * made no model call or its context is not recorded.
 */
export function memoryChars(
  step: Step | undefined,
  conversations: readonly (readonly Message[])[],
): number | null {
  const context = step?.modelCall?.context;
  if (!context) return null;
  const system = conversations[context.conversation]?.[0];
  if (!system || context.length === 0) return null;
  if (system.role !== 'system') return 0;
  const block = findMemoryBlock(system.content);
  return block ? block.end - block.start : 0;
}
