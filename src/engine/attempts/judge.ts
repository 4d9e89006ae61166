/**
 * The model judge, one reward source: one extra call through the run's own model that scores the
 * finished attempt from 0 to 1. It sees the task and the trajectory only, never the scenario's
 * expected answer or verifier (that would leak the ground truth): weaker than an environment
 * check, and labelled so. A reply without a readable score leaves the reward unknown.
 */
import type { Step } from '../trace/types';
import { verbaliseTrajectory } from './reflection';

export const JUDGE_SYSTEM =
  "You judge an agent's attempt at a task. You do not know the right answer: judge from the attempt itself whether it did the task.";

/** Pure: the judge's prompt: the task, the attempt step by step, and how to answer. */
export function judgePrompt(task: string, steps: readonly Step[]): string {
  return [
    `Task: ${task}`,
    `Attempt:\n${verbaliseTrajectory(steps)}`,
    'Score how well this attempt did the task, from 0 (failed) to 1 (fully done, backed by what it found).',
    'Reply with JSON only: {"score": <number from 0 to 1>, "reason": "<one sentence>"}',
  ].join('\n\n');
}

/** What the judge's reply said: a score, or why it gives none. */
export type JudgeVerdict =
  | { readonly score: number; readonly reason: string | null; readonly problem: null }
  | { readonly score: null; readonly reason: null; readonly problem: string };

function fromObject(value: unknown): JudgeVerdict | null {
  if (typeof value !== 'object' || value === null) return null;
  const { score, reason } = value as { score?: unknown; reason?: unknown };
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) return null;
  return { score, reason: typeof reason === 'string' ? reason : null, problem: null };
}

/**
 * Pure: the judge's score from its reply: a JSON object with `score` from 0 to 1 (alone or inside
 * other text), else a `Score: 0.7` line. Anything else is a problem, in a sentence.
 */
export function parseJudgeReply(text: string): JudgeVerdict {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (json) {
    try {
      const verdict = fromObject(JSON.parse(json));
      if (verdict) return verdict;
    } catch {
      // Not JSON after all: the score line below may still be there.
    }
  }
  const line = /\bscore\s*[:=]\s*(\d+(?:\.\d+)?)/i.exec(text);
  const score = line ? Number(line[1]) : NaN;
  if (score >= 0 && score <= 1) return { score, reason: null, problem: null };
  const shown = text.trim().length > 80 ? `${text.trim().slice(0, 77)}…` : text.trim();
  return {
    score: null,
    reason: null,
    problem: shown
      ? `The judge's reply holds no score from 0 to 1 ("${shown}"): the reward is unknown.`
      : "The judge's reply was empty: the reward is unknown.",
  };
}
