/** What a trace says about the task it ran and the tools it ran. */
import type { Step, Trace } from './types';

/** Pure: the task the run was given: the first user message it recorded, or null. */
export function taskOf(trace: Pick<Trace, 'conversations'>): string | null {
  for (const conversation of trace.conversations) {
    const user = conversation.find((message) => message.role === 'user');
    if (user) return user.content;
  }
  return null;
}

/** Pure: the first system message the run recorded (its system prompt), or null. */
export function systemPromptOf(trace: Pick<Trace, 'conversations'>): string | null {
  for (const conversation of trace.conversations) {
    const system = conversation.find((message) => message.role === 'system');
    if (system) return system.content;
  }
  return null;
}

/** Pure: true when the step's tool ran (a duplicate the guard blocked or escalated did not run it). */
export function toolRan(step: Step): boolean {
  return (
    step.decision.action !== null &&
    step.observation !== null &&
    step.observation.repeatOf === undefined &&
    step.decision.policy.outcome === 'allowed'
  );
}
