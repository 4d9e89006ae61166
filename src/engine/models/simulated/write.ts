/**
 * Renders a decision in the protocol of the mode: Thought + Action (ReAct), a three-part
 * state-grounded REFLECTION + ACTION (ReflAct), a bare action (ACT); and the reflection-phase
 * and between-attempt reflections.
 */
import type { Mode } from '../../config';
import type { SimulatedCall, SimulatedModelSpec } from '../../scenario/types';
import type { SimContext } from './context';
import { findings, nextLead, type Decision } from './policy';
import { WORDS, type Words } from './words';

/** `tool:NAME key=value` with quotes where a value needs them; JSON args when a value is not flat. */
export function actionText(call: Pick<SimulatedCall, 'tool' | 'args'>): string {
  const entries = Object.entries(call.args);
  const flat = entries.every(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  if (!flat || entries.some(([, value]) => typeof value === 'string' && value.includes('"'))) {
    return `${call.tool}(${JSON.stringify(call.args)})`;
  }
  const pairs = entries.map(([name, value]) =>
    typeof value === 'string' && (/\s/.test(value) || value === '')
      ? `${name}="${value}"`
      : `${name}=${String(value)}`,
  );
  return `tool:${[call.tool, ...pairs].join(' ')}`;
}

function reflection(
  words: Words,
  spec: SimulatedModelSpec,
  context: SimContext,
  decision: Decision,
): string {
  const known = findings(spec, context);
  const last = context.calls.at(-1);
  const lead = last
    ? spec.leads.find((item) => item.tool === last.call.tool && !last.empty)
    : undefined;
  const discovery = !last
    ? words.start
    : last.empty
      ? words.foundNothing(last.call.tool)
      : (lead?.finding ?? lead?.thought ?? '');
  const goal =
    decision.kind === 'answer'
      ? decision.complete
        ? words.reached
        : words.partialThought
      : decision.kind === 'call'
        ? words.missing(decision.call.thought)
        : '';
  return [
    // The latest two findings: a state summary, not a transcript (ReflAct replies are only "slightly longer").
    `${words.state}: ${known.length ? words.iKnow(known.slice(-2).join('; ')) : words.nothingYet}`,
    `${words.discovery}: ${discovery}`,
    `${words.goal}: ${goal}`,
  ].join('\n');
}

/** Pure: the reply text of an action call in the mode's protocol. */
export function writeReply(
  mode: Mode,
  spec: SimulatedModelSpec,
  context: SimContext,
  decision: Decision,
): string {
  const words = WORDS[spec.language ?? 'en'];
  if (decision.kind === 'prose') return words.prose;
  const thought =
    decision.kind === 'call'
      ? decision.repeat
        ? words.repeatTo
        : decision.call.thought
      : decision.complete
        ? words.doneThought
        : words.partialThought;
  if (mode === 'reflact') {
    const head = `REFLECTION:\n${reflection(words, spec, context, decision)}`;
    return decision.kind === 'call'
      ? `${head}\nACTION: ${actionText(decision.call)}`
      : `${head}\nFINAL ANSWER: ${decision.text}`;
  }
  if (mode === 'act') {
    return decision.kind === 'call'
      ? `Action: ${actionText(decision.call)}`
      : `Action: answer ${decision.text}`;
  }
  return decision.kind === 'call'
    ? `Thought: ${thought}\nAction: ${actionText(decision.call)}`
    : `Thought: ${thought}\nFinal Answer: ${decision.text}`;
}

/** Pure: the reflection-phase reply, after repi's prompt: hypotheses, evidence, next action, termination. */
export function writeReflection(spec: SimulatedModelSpec, context: SimContext): string {
  const empty = context.calls.filter((seen) => seen.empty).map((seen) => seen.call.tool);
  const known = findings(spec, context);
  const next = nextLead(spec, context);
  const evidence = known.length ? `Evidence so far: ${known.join('; ')}.` : 'No evidence yet.';
  const against = empty.length
    ? ` ${empty.length} call(s) found nothing (${[...new Set(empty)].join(', ')}): that line of inquiry is exhausted.`
    : '';
  const action = next
    ? `Best next action: ${actionText(next)}, because ${lowerFirst(next.thought)}`
    : 'Best next action: answer.';
  const termination = next
    ? 'Termination check: keep gathering, on a different line of inquiry.'
    : 'Termination check: answer next.';
  return JSON.stringify({ thought: `${evidence}${against} ${action} ${termination}` });
}

/** Pure: the reflection between attempts: what went wrong and where to start next time. */
export function writeAttemptReflection(spec: SimulatedModelSpec, failed: boolean): string {
  const first = spec.leads[0] as SimulatedCall;
  const dead = (spec.deadEnds ?? []).map((call) => call.tool);
  const skipped = dead.length ? ` Skip ${[...new Set(dead)].join(', ')}: they found nothing.` : '';
  const verdict = failed
    ? 'The attempt failed: its answer did not hold.'
    : 'The attempt may be incomplete.';
  return `${verdict}${skipped} Start with ${actionText(first)} (${lowerFirst(first.thought)}) and follow every lead before answering.`;
}

/**
 * Pure: the judge's reply, read off the attempt as the prompt gives it (never the expected
 * answer): an answer after every lead was followed scores 0.9, an answer that skipped one 0.2,
 * no answer 0. Deterministic: the same attempt gets the same score.
 */
export function writeJudgement(spec: SimulatedModelSpec, prompt: string): string {
  const answered = /^Answer: /m.test(prompt);
  const followed = spec.leads.filter((lead) => prompt.includes(`Action: ${lead.tool}(`)).length;
  const all = followed === spec.leads.length;
  const score = answered ? (all ? 0.9 : 0.2) : 0;
  const reason = !answered
    ? 'The attempt gave no answer.'
    : all
      ? 'The answer follows from what the attempt looked up.'
      : `The attempt answered after ${followed} of ${spec.leads.length} lookups: the answer is not backed.`;
  return JSON.stringify({ score, reason });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
