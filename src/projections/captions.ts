/**
 * Plain-English captions of recorded runs for people who do not build agents (the presenter):
 * what a step did in words, why a reflection happened and what it concluded, what a guard
 * stopped, whether an answer is right, and — for two or more lanes at an aligned row — where
 * the runs part ways. Pure: text only (rendered as React text), no React.
 */
import {
  isCorrect,
  verifyAnswer,
  type Guard,
  type Scenario,
  type Step,
  type Trace,
} from '../engine';
import type { Alignment } from './align';
import { clip } from './decision-record';
import { timelineKind, timelineMarks, type TimelineKind } from './timeline';

/** One lane of a presentation: its name and its finished run. */
export interface CaptionLane {
  /** The lane's name as the audience reads it ("ReAct", "Adaptive"). */
  readonly label: string;
  readonly trace: Trace;
}

/** What a step's card shows: the timeline's kinds, plus a step a guard denied. */
export type CaptionKind = TimelineKind | 'denied';

/** Whose words a quote is. */
export type QuoteLabel =
  'Thinks' | 'Takes stock' | 'Concludes' | 'Answer' | 'Withheld answer' | 'Reply';

/** A verb phrase in two forms: "searches the help centre" / "search the help centre". */
export interface Phrase {
  readonly verb: string;
  readonly rest: string;
}

/** One step in words. */
export interface StepCaption {
  readonly kind: CaptionKind;
  /** What it did, as a sentence without the lane's name ("Searches the help centre for “x”."). */
  readonly what: string;
  /** What it did, for a row caption ("searches again", "answers", "stops to reflect"). */
  readonly short: string;
  /** What it did, with the lane's name ("ReAct searches the help centre for “x”."). */
  readonly sentence: string;
  /** The same thing done by several lanes ("search the help centre for “x”"). */
  readonly plural: string;
  /** What came back, as a sentence ("Finds 3 results.", "Finds nothing."), or null. */
  readonly result: string | null;
  /** Why a reflection happened ("because its last log search found nothing new"), or null. */
  readonly why: string | null;
  /** The model's own words: a reflection's conclusion, a thought, the answer. */
  readonly quote: { readonly label: QuoteLabel; readonly text: string } | null;
  /** What a guard did at this step, as a sentence, or null. */
  readonly guard: string | null;
  /** An answer graded against the scenario: right, wrong, or null (not an answer, not graded). */
  readonly correct: boolean | null;
  /** The grade in words ("ReAct’s answer is wrong: it never mentions “5-7 business days”."). */
  readonly verdict: string | null;
}

/** Words per guard for an audience: what it is called. */
export const GUARD_NAME: Readonly<Record<Guard, string>> = {
  duplicate_tool_call: 'duplicate guard',
  fabrication: 'evidence guard',
  unparseable: 'format check',
  max_steps: 'step budget',
  stall_exit: 'stall guard',
};

/** How long quotes may run: a caption is read from across a room. */
const QUOTE_MAX = 170;
const ANSWER_MAX = 300;
const ARG_MAX = 60;

// ——— Verbs ———

/** Pure: the third person of a verb ("search" → "searches", "try" → "tries"). */
export function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const said = (phrase: Phrase) =>
  `${thirdPerson(phrase.verb)}${phrase.rest ? ` ${phrase.rest}` : ''}`;
const base = (phrase: Phrase) => `${phrase.verb}${phrase.rest ? ` ${phrase.rest}` : ''}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?…]”?$/.test(trimmed) ? trimmed : `${trimmed}.`;
};
/** "ReAct’s", "Two attempts’". */
const possessive = (label: string) => (label.endsWith('s') ? `${label}’` : `${label}’s`);
const quote = (text: string, max = QUOTE_MAX) => `“${clip(text, max)}”`;
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

// ——— Tool calls ———

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
const words = (value: unknown) => clip(asText(value).replace(/_/g, ' '), ARG_MAX);
const quoted = (value: unknown) => `“${clip(asText(value), ARG_MAX)}”`;

/** What a tool searches, from its description ("… over the help centre …"), else "the documents". */
function corpusOf(scenario: Scenario, tool: string): string {
  const description = scenario.tools.find((spec) => spec.name === tool)?.description ?? '';
  const match = /\bover (the [^(),.;]+?)\s*(?:[(),.;]|$)/i.exec(description);
  return match?.[1]?.trim() ?? 'the documents';
}

/** A tool call in words, and what its call is called ("search", "log search"). */
interface CallWords extends Phrase {
  readonly noun: string;
  /** A shorter phrase for a repeat of the same tool ("search again"). */
  readonly again?: Phrase;
}

type Phrasebook = (
  args: Readonly<Record<string, unknown>>,
  scenario: Scenario,
  tool: string,
) => CallWords;

/** The built-in scenarios' tools, where a sentence reads better than the tool's name. */
const PHRASEBOOK: Readonly<Record<string, Phrasebook>> = {
  rag_search: (args, scenario, tool) => ({
    verb: 'search',
    rest: `${corpusOf(scenario, tool)} for ${quoted(args.query)}`,
    noun: 'search',
    again: { verb: 'search', rest: 'again' },
  }),
  lexical_search: (args, scenario, tool) => ({
    verb: 'search',
    rest: `${corpusOf(scenario, tool)} for the words ${quoted(args.query)}`,
    noun: 'search',
    again: { verb: 'search', rest: 'again' },
  }),
  search_logs: (args) => ({
    verb: 'read',
    rest: `the logs of ${words(args.service)}${args.window ? ` (${words(args.window)})` : ''}`,
    noun: 'log search',
  }),
  get_metrics: (args) => ({
    verb: 'check',
    rest: `the ${words(args.metric)} metric of ${words(args.service)}`,
    noun: 'metric check',
  }),
  list_deploys: (args) => ({
    verb: 'look',
    rest: `at the deploys of ${words(args.service)}`,
    noun: 'look at the deploys',
  }),
  done_gathering: () => ({ verb: 'say', rest: 'it has gathered enough', noun: 'tool call' }),
  get_order: (args) => ({ verb: 'look', rest: `up order ${words(args.case_id)}`, noun: 'lookup' }),
  list_order_notes: (args) => ({
    verb: 'read',
    rest: `the notes on order ${words(args.case_id)}`,
    noun: 'lookup',
  }),
  ping_carrier: (args) => ({
    verb: 'ask',
    rest: `the carrier about order ${words(args.case_id)}`,
    noun: 'lookup',
  }),
  get_ticket: (args) => ({ verb: 'open', rest: `ticket ${words(args.ticket_id)}`, noun: 'lookup' }),
  get_policy: (args) => ({ verb: 'read', rest: `the ${words(args.topic)} policy`, noun: 'lookup' }),
};

/** Pure: a tool call in words: the phrasebook's, else "calls <tool> with key “value”, …". */
export function describeCall(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  scenario: Scenario,
): CallWords {
  const known = PHRASEBOOK[tool];
  if (known) return known(args, scenario, tool);
  const listed = Object.entries(args)
    .slice(0, 3)
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${quoted(value)}`)
    .join(', ');
  return { verb: 'call', rest: listed ? `${tool} with ${listed}` : tool, noun: 'tool call' };
}

function resultOf(step: Step): Phrase | null {
  const observation = step.observation;
  if (!observation) return null;
  if (observation.repeatOf !== undefined) {
    return { verb: 'get', rest: `back what step ${observation.repeatOf} already returned` };
  }
  if (!observation.ok) return { verb: 'get', rest: 'an error from the tool' };
  if (observation.empty) return { verb: 'find', rest: 'nothing' };
  const result = observation.result;
  if (Array.isArray(result)) return { verb: 'find', rest: plural(result.length, 'result') };
  return { verb: 'get', rest: 'a result' };
}

// ——— Reflections ———

/** Pure: what a reflection concluded, in its own words where they are plain enough. */
export function reflectionConclusion(text: string, max = QUOTE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const next = /best next action:\s*(.+?)(?:\s*termination check:.*)?$/i.exec(flat);
  if (next?.[1]) {
    const action = next[1];
    const because = /,?\s*because\s+(.+)$/i.exec(action);
    if (because?.[1]) return capital(clip(because[1], max));
    return clip(`Best next action: ${action}`, max);
  }
  return clip(flat, max);
}

/** The action steps just before `index` in its attempt that found nothing, nearest first. */
function emptyRunBefore(steps: readonly Step[], index: number): Step[] {
  const found: Step[] = [];
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i];
    if (!step || step.attempt !== steps[index]?.attempt) break;
    if (step.kind === 'reflection') continue;
    if (step.kind !== 'action') break;
    const observation = step.observation;
    if (!observation || !(observation.empty || !observation.ok)) break;
    found.push(step);
  }
  return found;
}

function lastAction(steps: readonly Step[], index: number): Step | null {
  for (let i = index - 1; i >= 0; i--) {
    const step = steps[i];
    if (step?.kind === 'action') return step;
  }
  return null;
}

function reflectionWhy(scenario: Scenario, lane: CaptionLane, step: Step): string | null {
  const { steps, config } = lane.trace;
  switch (step.trigger) {
    case 'stall': {
      const empty = emptyRunBefore(steps, step.index);
      const last = empty[0] ?? lastAction(steps, step.index);
      const noun = last?.decision.action
        ? describeCall(last.decision.action.tool, last.decision.action.args, scenario).noun
        : 'tool call';
      if (last?.observation?.repeatOf !== undefined) {
        return `because its last ${noun} only repeated an earlier one`;
      }
      return empty.length > 1
        ? `because its last ${plural(empty.length, 'tool call')} found nothing new`
        : `because its last ${noun} found nothing new`;
    }
    case 'cadence': {
      const every =
        config.reflection.interval === 1
          ? 'after every tool call'
          : `after every ${plural(config.reflection.interval, 'tool call')}`;
      return `on schedule, ${every}, whatever they found`;
    }
    case 'duplicate':
      return 'because it just tried to repeat a call it had already made';
    default:
      return null;
  }
}

// ——— Answers ———

/** The step that gave the run's final answer (the last answer of a run that stopped on one). */
function isFinalAnswer(trace: Trace, step: Step): boolean {
  if (trace.stopReason !== 'answer') return false;
  const last = [...trace.steps].reverse().find((candidate) => candidate.kind === 'answer');
  return last?.index === step.index;
}

/** The expected parts an answer leaves out. */
function missingParts(scenario: Scenario, answer: string | null): string[] {
  const parts = scenario.expected?.answerIncludes ?? [];
  return parts.filter((part) => verifyAnswer(answer, [part]) === 0);
}

function answerGrade(
  scenario: Scenario,
  lane: CaptionLane,
  step: Step,
): { correct: boolean | null; verdict: string | null } {
  const { trace } = lane;
  const owner = `${possessive(lane.label)} answer`;
  if (isFinalAnswer(trace, step)) {
    const correct = isCorrect(scenario, trace);
    if (correct === null) return { correct, verdict: null };
    if (correct) return { correct, verdict: `${owner} is correct.` };
    const expected = scenario.expected?.stopReason ?? 'answer';
    const missing = missingParts(scenario, step.answer);
    const verdict =
      expected === 'escalate'
        ? `${owner} should not have gone out: this case needs a person.`
        : missing.length
          ? `${owner} is wrong: it never mentions ${missing.map((part) => quote(part, 40)).join(' or ')}.`
          : `${owner} is not what the task asks for.`;
    return { correct, verdict };
  }
  // An attempt's answer is checked where the attempt ends (its reflection holds the reward).
  const checked = trace.steps.find(
    (later) =>
      later.index > step.index &&
      later.attempt === step.attempt &&
      later.kind === 'attempt_reflection',
  );
  if (checked?.reward !== null && checked?.reward !== undefined) {
    return checked.reward < trace.config.rewardThreshold
      ? { correct: false, verdict: `A checker finds ${owner} wrong, so it tries again.` }
      : { correct: true, verdict: `A checker accepts ${owner}.` };
  }
  return { correct: null, verdict: null };
}

// ——— Guards ———

function guardSentence(lane: CaptionLane, step: Step, guard: Guard | null): string | null {
  const { trace } = lane;
  const { config } = trace;
  const action = step.decision.action;
  const denied = step.decision.policy.outcome === 'denied';
  switch (guard) {
    case 'duplicate_tool_call': {
      const call = action ? ` to ${action.tool}` : '';
      return step.kind === 'escalate'
        ? `The duplicate guard stopped a repeated call${call} and handed the case to a person.`
        : `The duplicate guard stopped a repeated call${call}: ${lane.label} gets back what it already had.`;
    }
    case 'fabrication':
      return step.decision.evidenceRefs.length === 0
        ? 'The evidence guard rejected an answer that cited nothing it had seen, and handed the case to a person.'
        : 'The evidence guard rejected an answer that claims more than what it had seen, and handed the case to a person.';
    case 'unparseable':
      return step.kind === 'reprompt'
        ? 'The model’s reply was neither a tool call nor an answer, so the loop asks it again.'
        : 'The model’s reply was neither a tool call nor an answer, so the run stops and hands the case to a person.';
    case 'stall_exit':
      return `The stall guard stopped ${lane.label}: ${plural(config.stallExit, 'tool call')} in a row found nothing new.`;
    case 'max_steps':
      return `The step budget ran out: ${lane.label} used all ${plural(config.maxSteps, 'step')} without an answer.`;
    case null:
      break;
  }
  if (
    step.kind === 'answer' &&
    !denied &&
    !config.fabricationGuard &&
    trace.metrics.fabricationHits > 0 &&
    isFinalAnswer(trace, step)
  ) {
    return 'The evidence guard is off, so an answer that claims more than the run saw goes out unchecked.';
  }
  return null;
}

// ——— Steps ———

function kindOf(step: Step, guard: Guard | null): CaptionKind {
  if (step.decision.policy.outcome === 'denied' && step.kind === 'action') return 'denied';
  if (guard === 'duplicate_tool_call' && step.kind === 'action') return 'denied';
  return timelineKind(step);
}

/** Words and quote of what the step did. */
function doing(
  scenario: Scenario,
  lane: CaptionLane,
  step: Step,
): { phrase: Phrase; short: Phrase; quote: StepCaption['quote']; why: string | null } {
  const thought = step.thought?.trim()
    ? { label: 'Thinks' as const, text: clip(step.thought, QUOTE_MAX) }
    : null;
  const stock = step.reflection?.goalRelation.trim() || step.reflection?.state.trim() || '';
  const tookStock = stock ? { label: 'Takes stock' as const, text: clip(stock, QUOTE_MAX) } : null;
  switch (step.kind) {
    case 'action': {
      const action = step.decision.action;
      if (!action)
        return {
          phrase: { verb: 'act', rest: '' },
          short: { verb: 'act', rest: '' },
          quote: thought,
          why: null,
        };
      const words = describeCall(action.tool, action.args, scenario);
      const before = lane.trace.steps
        .slice(0, step.index)
        .some(
          (earlier) => earlier.decision.action?.tool === action.tool && earlier.kind === 'action',
        );
      return {
        phrase: words,
        short: before && words.again ? words.again : words,
        quote: tookStock ?? thought,
        why: null,
      };
    }
    case 'reflection': {
      const text = step.reflection?.state ?? step.modelCall?.text ?? '';
      return {
        phrase: { verb: 'stop', rest: 'to reflect' },
        short: { verb: 'stop', rest: 'to reflect' },
        quote: text.trim() ? { label: 'Concludes', text: reflectionConclusion(text) } : null,
        why: reflectionWhy(scenario, lane, step),
      };
    }
    case 'answer': {
      const early = step.trigger === 'high_confidence';
      return {
        phrase: early
          ? { verb: 'answer', rest: 'early: its search looked sure enough' }
          : { verb: 'answer', rest: '' },
        short: { verb: 'answer', rest: '' },
        quote: step.answer
          ? { label: 'Answer', text: clip(step.answer, ANSWER_MAX) }
          : (tookStock ?? thought),
        why: null,
      };
    }
    case 'escalate': {
      const action = step.decision.action;
      const byGuard = step.decision.policy.outcome === 'denied';
      const phrase: Phrase = !byGuard
        ? { verb: 'give', rest: 'up and hand the case to a person' }
        : action
          ? {
              verb: 'try',
              rest: `to ${base(describeCall(action.tool, action.args, scenario))} again`,
            }
          : step.answer
            ? { verb: 'try', rest: 'to answer' }
            : { verb: 'reply', rest: 'with something the loop cannot read' };
      return {
        phrase,
        short: byGuard
          ? { verb: 'get', rest: 'stopped by a guard' }
          : { verb: 'hand', rest: 'the case to a person' },
        quote: step.answer
          ? { label: 'Withheld answer', text: clip(step.answer, ANSWER_MAX) }
          : !action && step.modelCall?.text.trim()
            ? { label: 'Reply', text: clip(step.modelCall.text, QUOTE_MAX) }
            : thought,
        why: null,
      };
    }
    case 'reprompt':
      return {
        phrase: { verb: 'reply', rest: 'in prose instead of choosing a tool or an answer' },
        short: { verb: 'reply', rest: 'in prose' },
        quote: step.modelCall?.text.trim()
          ? { label: 'Reply', text: clip(step.modelCall.text, QUOTE_MAX) }
          : null,
        why: null,
      };
    case 'attempt_reflection':
      return {
        phrase: { verb: 'look', rest: 'back at what went wrong, then starts over' },
        short: { verb: 'start', rest: 'over' },
        quote: step.modelCall?.text.trim()
          ? { label: 'Concludes', text: clip(step.modelCall.text, QUOTE_MAX) }
          : null,
        why: null,
      };
  }
}

/**
 * Pure: step `index` of a lane's run in plain words: what it did, what came back, why it
 * reflected and what it concluded, what a guard did, and whether an answer is right.
 */
export function stepCaption(
  scenario: Scenario,
  lane: CaptionLane,
  index: number,
): StepCaption | null {
  const { trace } = lane;
  const step = trace.steps[index];
  if (!step) return null;
  const guard = timelineMarks(trace.steps, trace.path).guards.get(step.index) ?? null;
  const { phrase, short, quote: spoken, why } = doing(scenario, lane, step);
  const result = resultOf(step);
  const grade =
    step.kind === 'answer' ? answerGrade(scenario, lane, step) : { correct: null, verdict: null };
  const whyPart = why ? ` ${why}` : '';
  return {
    kind: kindOf(step, guard),
    what: sentence(capital(`${said(phrase)}${whyPart}`)),
    short: said(short),
    sentence: sentence(`${lane.label} ${said(phrase)}${whyPart}`),
    plural: base(phrase),
    result: result ? sentence(capital(said(result))) : null,
    why,
    quote: spoken,
    guard: guardSentence(lane, step, guard),
    correct: grade.correct,
    verdict: grade.verdict,
  };
}

// ——— Rows ———

/** Why playback stops at a row, or null: a reflection, a guard trip, where the runs part ways. */
export interface RowCaption {
  /** The caption under the lanes: what happens at this row across the lanes. */
  readonly text: string;
  /** Why a presenter would stop here ("ReflAct reflects and the runs part ways"), or null. */
  readonly moment: string | null;
}

/** A lane's next step after `row` (what it does instead where it has a gap), or null. */
function nextStepAfter(alignment: Alignment, lane: number, row: number): number | null {
  for (let index = row + 1; index < alignment.rows.length; index++) {
    const cell = alignment.rows[index]?.cells[lane];
    if (cell !== null && cell !== undefined) return cell;
  }
  return null;
}

const isReflective = (step: Step | null) =>
  step !== null && (step.kind === 'reflection' || step.kind === 'attempt_reflection');

/**
 * Pure: the caption of one aligned row across the lanes: a lead sentence (what each lane does,
 * "Here the runs part ways: …" at the first row where they differ), then what matters most at
 * the row (a guard, a reflection and why, a lane taking stock, the answers' grades), and whether
 * it is a moment to pause on.
 */
export function rowCaption(
  scenario: Scenario,
  lanes: readonly CaptionLane[],
  alignment: Alignment,
  row: number,
): RowCaption | null {
  const cells = alignment.rows[row]?.cells;
  if (!cells) return null;
  const steps = lanes.map((lane, index) => {
    const cell = cells[index];
    return cell === null || cell === undefined ? null : (lane.trace.steps[cell] ?? null);
  });
  const captions = lanes.map((lane, index) => {
    const step = steps[index];
    return step ? stepCaption(scenario, lane, step.index) : null;
  });
  const same = alignment.rows[row]?.same ?? false;
  const partsWays = alignment.firstDivergence === row;

  const doingHere = (index: number): string => {
    const lane = lanes[index]!;
    const caption = captions[index];
    if (caption) return `${lane.label} ${caption.short}`;
    const next = nextStepAfter(alignment, index, row);
    if (next === null) return `${lane.label} has already stopped`;
    const later = stepCaption(scenario, lane, next);
    return partsWays && later ? `${lane.label} ${later.short}` : `${lane.label} has no step here`;
  };

  let lead: string;
  const first = captions[0];
  if (same && first) {
    const all = lanes.length === 2 ? 'Both runs' : 'All runs';
    const shared = captions.every((caption) => caption?.plural === first.plural)
      ? first.plural
      : SAME_WORDS[steps[0]?.kind ?? 'action'];
    lead = sentence(`${all} ${shared}`);
    const results = steps.map((step) => {
      const result = step ? resultOf(step) : null;
      return result ? base(result) : null;
    });
    if (results[0] && results.every((result) => result === results[0])) {
      lead += ` ${lanes.length === 2 ? 'Both' : 'All'} ${results[0]}.`;
    }
  } else {
    // Lanes that reflect lead, then the others in order, lanes without a step here last.
    const order = lanes
      .map((_, index) => index)
      .sort((a, b) => rank(steps[a] ?? null) - rank(steps[b] ?? null) || a - b);
    const parts = order.map(doingHere);
    lead = partsWays
      ? sentence(`Here the runs part ways: ${joinList(parts, ', ', ', ')}`)
      : sentence(parts.join('; '));
  }

  const notes: string[] = [];
  // Guard moments by what happened, so one guard stopping two lanes reads as one phrase.
  const tripped = new Map<(labels: string) => string, string[]>();
  lanes.forEach((lane, index) => {
    const caption = captions[index];
    const step = steps[index];
    if (!caption?.guard || !step) return;
    notes.push(caption.guard);
    const say = guardMoment(lane, step);
    tripped.set(say, [...(tripped.get(say) ?? []), lane.label]);
  });
  const moments = [...tripped].map(([say, labels]) => say(joinList(labels, ', ', ' and ')));
  const reflecting: string[] = [];
  const reflections: { label: string; why: string; quote: string | null }[] = [];
  lanes.forEach((lane, index) => {
    const caption = captions[index];
    const step = steps[index] ?? null;
    if (!caption || !step) return;
    if (isReflective(step)) {
      reflecting.push(lane.label);
      reflections.push({
        label: lane.label,
        why: caption.why ? ` ${caption.why}` : '',
        quote: caption.quote ? quote(caption.quote.text) : null,
      });
    } else if (!same && caption.quote?.label === 'Takes stock') {
      reflecting.push(lane.label);
      notes.push(sentence(`${lane.label} first takes stock: ${quote(caption.quote.text)}`));
    }
  });
  const [firstReflection] = reflections;
  const alike =
    firstReflection !== undefined &&
    reflections.length === lanes.length &&
    reflections.every(
      (one) => one.why === firstReflection.why && one.quote === firstReflection.quote,
    );
  if (alike && lanes.length > 1) {
    // Every lane reflected alike: one note, not the same one per lane.
    const they = firstReflection.why.replace(/\bits\b/g, 'their').replace(/\bit\b/g, 'they');
    const concluded = firstReflection.quote ? ` They conclude: ${firstReflection.quote}` : '';
    const all = lanes.length === 2 ? 'Both' : 'All';
    if (same) lead = `${sentence(`${all} runs stop to reflect${they}`)}${concluded}`;
    else notes.push(`${sentence(`${all} reflect${they}`)}${concluded}`);
  } else {
    for (const one of reflections) {
      const concluded = one.quote ? ` It concludes: ${one.quote}` : '';
      notes.push(`${sentence(`${one.label} reflects${one.why}`)}${concluded}`);
    }
  }
  if (reflecting.length > 0) {
    moments.push(
      `${joinList(reflecting, ', ', ' and ')} ${reflecting.length === 1 ? 'reflects' : 'reflect'}`,
    );
  }
  const verdicts = captions.map((caption) => caption?.verdict ?? null);
  const graded = verdicts.filter((verdict): verdict is string => verdict !== null);
  if (graded.length > 0) {
    const allRight = captions.every((caption) => caption?.correct === true);
    const all = lanes.length === 2 ? 'Both' : 'All';
    notes.push(allRight && lanes.length > 1 ? `${all} answers are correct.` : graded.join(' '));
  }
  if (partsWays) moments.push('the runs part ways');

  const text = [lead, ...notes].join(' ');
  return { text, moment: moments.length > 0 ? capital(joinList(moments, ', ', ' and ')) : null };
}

/** What several lanes do when their steps match but their words differ. */
const SAME_WORDS: Readonly<Record<Step['kind'], string>> = {
  action: 'make the same call',
  reflection: 'stop to reflect',
  answer: 'answer',
  escalate: 'hand the case to a person',
  attempt_reflection: 'look back and start over',
  reprompt: 'reply in prose',
};

/** Reflections first, then steps, then gaps. */
function rank(step: Step | null): number {
  if (step === null) return 2;
  return isReflective(step) ? 0 : 1;
}

/** Guard moments in words, given the lanes' names (one function per kind, so they group). */
const MOMENT_WORDS: Readonly<Record<Guard | 'unchecked', (labels: string) => string>> = {
  duplicate_tool_call: (labels) => `the duplicate guard stops ${labels}`,
  fabrication: (labels) => `the evidence guard rejects an answer from ${labels}`,
  unparseable: (labels) => `the format check stops ${labels}`,
  max_steps: (labels) => `the step budget runs out for ${labels}`,
  stall_exit: (labels) => `the stall guard stops ${labels}`,
  unchecked: (labels) => `an unchecked answer from ${labels} goes out`,
};

function guardMoment(lane: CaptionLane, step: Step): (labels: string) => string {
  const guard = timelineMarks(lane.trace.steps, lane.trace.path).guards.get(step.index);
  return MOMENT_WORDS[guard ?? 'unchecked'];
}

/** "a, b and c". */
function joinList(parts: readonly string[], separator: string, last: string): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(separator)}${last}${parts[parts.length - 1]}`;
}
