/**
 * The Context tab's first line in words: which message history a call extends (only when the run
 * has several, counted from 1), and what is new since the previous call in it.
 */

/** What the Context tab says about one call's messages. */
export interface ContextWords {
  /**
   * "in conversation 2 of 3 (… starts a fresh one)", or null when the run kept one conversation
   * (nothing to tell apart).
   */
  readonly where: string | null;
  /** "2 new since the call of step 1", or that every message is new. */
  readonly since: string;
}

/** Why a run has several conversations (the engine's `openConversation`). */
const FRESH = 'a new attempt, a reflection between attempts or an early answer starts a fresh one';

/**
 * Pure: the words for a call in conversation `conversation` (0-based, as recorded) of
 * `conversations`, `newCount` messages after the call of `previousStep` (null: the first call).
 */
export function contextWords(
  conversation: number,
  conversations: number,
  previousStep: number | null,
  newCount: number,
): ContextWords {
  const several = conversations > 1;
  const where = several
    ? `in conversation ${conversation + 1} of ${conversations} (${FRESH})`
    : null;
  let since: string;
  if (previousStep !== null) since = `${newCount} new since the call of step ${previousStep}`;
  else if (several) since = 'the first call of this conversation: every message is new';
  else since = 'the first model call: every message is new';
  return { where, since };
}
