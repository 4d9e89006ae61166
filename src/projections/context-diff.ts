/**
 * What a model call sent: the messages of its context window, and which of them are new since the
 * previous call of the same conversation. Pure: no React, reads the run's steps and conversations.
 */
import type { Message, Role, Step } from '../engine';

/** One message of a call's context, as the Context tab lists it. */
export interface ContextMessage {
  /** Position in the conversation (0: the system prompt). */
  readonly index: number;
  readonly role: Role;
  readonly content: string;
  /** Native tool calls of an assistant message (`tools` protocol), as `name(arguments)` lines. */
  readonly toolCalls: readonly string[];
  /** Sent for the first time by this call: not part of the previous call's context. */
  readonly isNew: boolean;
}

/** The context window of one step's model call. */
export interface StepContext {
  readonly step: number;
  readonly conversation: number;
  readonly messages: readonly ContextMessage[];
  /** The latest earlier step whose call used the same conversation; null for its first call. */
  readonly previousStep: number | null;
  /** Index of the first new message (the previous call's context length, or 0). */
  readonly newFrom: number;
  readonly newCount: number;
  /** The text the model replied with. */
  readonly reply: string;
  /** How many messages the call sent that this view does not hold (0 once the run recorded them). */
  readonly missing: number;
}

/** Pure: the latest step before `index` whose model call used the same conversation, or null. */
export function previousCallStep(steps: readonly Step[], index: number): Step | null {
  const conversation = steps[index]?.modelCall?.context.conversation;
  if (conversation === undefined) return null;
  for (let i = index - 1; i >= 0; i--) {
    const candidate = steps[i];
    if (candidate?.modelCall?.context.conversation === conversation) return candidate;
  }
  return null;
}

function toolCallLines(message: Message): string[] {
  return (message.toolCalls ?? []).map((call) => `${call.name}(${call.arguments})`);
}

/**
 * Pure: the messages step `index`'s model call sent, with the part new since the previous call of
 * its conversation marked; null when the step made no model call.
 */
export function stepContext(
  steps: readonly Step[],
  index: number,
  conversations: readonly (readonly Message[])[],
): StepContext | null {
  const step = steps[index];
  const call = step?.modelCall;
  if (!step || !call) return null;
  const { conversation, length } = call.context;
  const previous = previousCallStep(steps, index);
  // A conversation only grows, so the previous call's context is a prefix of this one's.
  const newFrom = Math.min(previous?.modelCall?.context.length ?? 0, length);
  const known = (conversations[conversation] ?? []).slice(0, length);
  const messages = known.map((message, position) => ({
    index: position,
    role: message.role,
    content: message.content,
    toolCalls: toolCallLines(message),
    isNew: position >= newFrom,
  }));
  return {
    step: step.index,
    conversation,
    messages,
    previousStep: previous?.index ?? null,
    newFrom,
    newCount: Math.max(0, length - newFrom),
    reply: call.text,
    missing: length - known.length,
  };
}
