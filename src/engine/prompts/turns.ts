/** The user-side messages the loop adds between model calls. */
import { canonicalJson } from '../tools';

/**
 * The reflection-phase prompt, after repi's: stop, list the hypotheses, the evidence for and
 * against each, the single most valuable next action, and a termination check. JSON reply.
 */
export const REFLECTION_PROMPT = `Stop. Before the next action, reflect on the investigation so far:
1. Which hypotheses have you considered?
2. What evidence speaks for and against each of them?
3. What is the single most valuable next action, and why?
4. Termination check: if several distinct lines of inquiry have each produced nothing new, answer or escalate next; otherwise keep gathering.
Reply with JSON only: {"thought": "..."}. Do not call a tool in this reply.`;

/** After a reflection phase, the next action call opens with this nudge (as repi does). */
export const CONTINUE_PROMPT = 'Continue gathering evidence: choose the next action.';

/**
 * Pure: the message that carries an observation back to the model. `json` is the result's
 * canonical JSON when the caller has it already (it is computed once per observation).
 */
export function observationMessage(
  result: unknown,
  ok: boolean,
  repeatOfStep: number | null,
  json?: string,
): string {
  const body = typeof result === 'string' ? result : (json ?? canonicalJson(result));
  if (repeatOfStep !== null) {
    return `Observation: [repeat of step ${repeatOfStep}: this call was already made and was not run again; it brings no new evidence] ${body}`;
  }
  return ok ? `Observation: ${body}` : `Observation: [tool error] ${body}`;
}

/** Pure: the correction sent once after an unparseable reply. */
export function repromptMessage(problem: string): string {
  return `Your last reply could not be used: ${problem} Reply again in the required format, with exactly one action or a final answer.`;
}

/** The instruction for the early answer when retrieval confidence is high (LLARS's adaptive exit). */
export function earlyAnswerPrompt(task: string, observation: unknown): string {
  return `Task: ${task}\n\nThe search returned high-confidence sources:\n${canonicalJson(observation)}\n\nAnswer the task now from these sources only.\nReply with: Final Answer: <the answer>`;
}
