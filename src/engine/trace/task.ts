/** What a trace says about the task it ran. */
import type { Trace } from './types';

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
