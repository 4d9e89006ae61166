/** The reflection between attempts: reward, framing and the prompt (after LiTS). */
import type { Step } from '../trace/types';

export type Framing = 'failure' | 'neutral';

/** Pure: reward 1 when the answer contains every required string (case-insensitive), else 0. */
export function verifyAnswer(answer: string | null, answerIncludes: readonly string[]): number {
  if (answer === null) return 0;
  const text = answer.toLowerCase();
  return answerIncludes.every((part) => text.includes(part.toLowerCase())) ? 1 : 0;
}

/** Pure: an attempt is reflected on when its reward is unknown or below the threshold. */
export function needsReflection(reward: number | null, threshold: number): boolean {
  return reward === null || reward < threshold;
}

/**
 * Pure: `failure` when the reward is known and below the configured threshold, else `neutral`.
 * (LiTS hard-codes 0.3 here whatever its threshold; Loopscope keys it to the threshold.)
 */
export function framingFor(reward: number | null, threshold: number): Framing {
  return reward !== null && reward < threshold ? 'failure' : 'neutral';
}

/** Pure: one step of a trajectory in words (thought, action, observation, answer, guard). */
export function verbalise(step: Step): string {
  const call = step.decision.action;
  const parts: string[] = [];
  if (step.thought) parts.push(`Thought: ${step.thought}`);
  if (step.kind === 'reflection') parts.push(`Reflection: ${step.modelCall?.text ?? ''}`);
  if (call) parts.push(`Action: ${call.tool}(${JSON.stringify(call.args)})`);
  if (step.observation) parts.push(`Observation: ${JSON.stringify(step.observation.result)}`);
  if (step.answer !== null) parts.push(`Answer: ${step.answer}`);
  if (step.decision.policy.outcome === 'denied')
    parts.push(`Denied by guard: ${step.decision.policy.reason}`);
  return parts.join('\n');
}

/** Pure: a trajectory as `--- Step i ---` blocks. */
export function verbaliseTrajectory(steps: readonly Step[]): string {
  return steps.map((step, i) => `--- Step ${i + 1} ---\n${verbalise(step)}`).join('\n');
}

/** Pure: the prompt of the attempt reflection: task, the trajectory step by step, reward, ask. */
export function attemptReflectionPrompt(
  task: string,
  steps: readonly Step[],
  reward: number | null,
  framing: Framing,
): string {
  const label = framing === 'failure' ? 'Failed trajectory:' : 'Previous attempt:';
  const trajectory = verbaliseTrajectory(steps);
  const score = reward === null ? '' : `\n\nReward score: ${reward}`;
  const ask =
    framing === 'failure'
      ? 'Diagnose the failure and suggest a better approach.'
      : 'Analyse this attempt. If it appears incorrect or incomplete, diagnose what went wrong and how to improve; if it appears correct, note what worked.';
  return `Task: ${task}\n\n${label}\n${trajectory}${score}\n\n${ask}`;
}

export const ATTEMPT_REFLECTION_SYSTEM =
  "You review an agent's attempt at a task and write a short reflection the agent will read before its next attempt.";
