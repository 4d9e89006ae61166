/**
 * The pure step function: `(state, input) → [nextState, effects]`. It runs no tools, calls no
 * model and reads no clock; the runner carries out the effects and feeds the results back.
 */
import { modelJsonProblem } from '../files/json-scan';
import type { PhaseId } from '../machine';
import { ParseError, parseReply, type ParseOutcome } from '../parsers';
import type { ModelCallRecord } from '../trace/types';
import { onToolChoice, onToolResult } from './acting';
import { endAttempt, finishRun, onJudgeFailed, onJudgeReply } from './attempt-end';
import { checkAnswer, onAttemptReflection, startAttempt } from './ending';
import { enterGathering, onReflectionReply } from './gathering';
import {
  addMetrics,
  callModel,
  decision,
  denied,
  emit,
  record,
  say,
  setCounters,
  take,
  type Draft,
  type Effect,
  type LoopInput,
} from './kit';
import { repromptMessage } from '../prompts';
import type { LoopState } from './state';

type ModelEnd = Extract<LoopInput, { type: 'model-call-end' }>;

/** Pure: the next state and the effects the runner must carry out. */
export function step(state: LoopState, input: LoopInput): [LoopState, Effect[]] {
  if (state.done) return [state, []];
  const s: Draft = { ...state };
  const fx: Effect[] = [];
  switch (input.type) {
    case 'run-start':
      s.priorReflections = input.priorReflections ?? [];
      emit(fx, { type: 'run-start', scenario: s.scenario.id, config: s.config });
      startAttempt(s, fx);
      break;
    case 'model-call-end':
      onModelEnd(s, fx, input);
      break;
    case 'model-call-fail':
      if (isJudging(s)) {
        onJudgeFailed(s, fx, input.error);
        break;
      }
      // The request was sent (and may be billed): a failed call counts like one that replied.
      addMetrics(s, { llmCalls: 1 });
      take(s, fx, `model-error-${s.phase}`, null);
      s.error = input.error;
      s.stopReason = 'error';
      finishRun(s, fx);
      break;
    case 'tool-run-end':
      if (s.pending?.kind !== 'tool') throw new Error('A tool result arrived while no tool ran');
      onToolResult(s, fx, s.pending.tool, input.result);
      break;
    case 'run-cancel':
      // The judge runs after the attempt ended, in its end phase: no transition leaves it.
      if (!isJudging(s)) take(s, fx, `cancel-${s.phase as PhaseId}`, null);
      s.stopReason = 'cancelled';
      finishRun(s, fx);
      break;
    case 'run-fork':
      return fork(state, input.config);
  }
  return [s, fx];
}

/** The model judge is scoring the attempt that just ended. */
function isJudging(s: Draft): boolean {
  return s.pending?.kind === 'model' && s.pending.purpose === 'attempt-judge';
}

/** Goes on from a replayed state under a new config: the pending call is planned again. */
function fork(state: LoopState, config: LoopState['config']): [LoopState, Effect[]] {
  const pending = state.pending;
  if (pending?.kind !== 'model') throw new Error('A fork must start where a model call is due');
  const forkedFrom = { step: state.history.length };
  const fx: Effect[] = [];
  if (state.beforeGate && (pending.purpose === 'action' || pending.purpose === 'reflection')) {
    const s: Draft = { ...state.beforeGate, config, forkedFrom };
    enterGathering(s, fx);
    return [s, fx];
  }
  const s: Draft = { ...state, config, forkedFrom };
  const { purpose, trigger, reward, framing } = pending;
  callModel(s, fx, purpose, trigger, {
    ...(reward !== undefined ? { reward } : {}),
    ...(framing !== undefined ? { framing } : {}),
  });
  return [s, fx];
}

function onModelEnd(s: Draft, fx: Effect[], input: ModelEnd): void {
  const pending = s.pending;
  if (pending?.kind !== 'model') throw new Error('A model reply arrived while no model call ran');
  const conversation = s.conversations[s.callConversation];
  const modelCall: ModelCallRecord = {
    context: { conversation: s.callConversation, length: conversation?.length ?? 0 },
    text: input.text,
    usage: input.usage,
    usageEstimated: input.usageEstimated,
    latencyMs: input.latencyMs,
    ttftMs: input.ttftMs,
    reasoning: input.reasoning,
    toolCall: input.toolCall,
  };
  addMetrics(s, {
    llmCalls: 1,
    promptTokens: input.usage.promptTokens,
    completionTokens: input.usage.completionTokens,
    latencyMs: input.latencyMs,
  });
  switch (pending.purpose) {
    case 'action':
      return onActionReply(s, fx, input, modelCall);
    case 'reflection':
      return onReflectionReply(s, fx, input.text, modelCall, pending.trigger ?? 'cadence');
    case 'early-answer':
      return onEarlyAnswer(s, fx, input, modelCall);
    case 'attempt-reflection':
      return onAttemptReflection(
        s,
        fx,
        input.text,
        modelCall,
        pending.reward ?? null,
        pending.framing ?? 'neutral',
      );
    case 'attempt-judge':
      return onJudgeReply(s, fx, input.text, modelCall);
  }
}

/** Reads a reply as the configured protocol: native tool call, or the mode's text protocol. */
function interpret(s: Draft, input: ModelEnd): ParseOutcome {
  const fail = (error: ParseError): ParseOutcome => ({
    ok: false,
    error,
    thought: null,
    reflectionText: null,
    reflection: null,
  });
  if (input.toolCall) {
    const refused = modelJsonProblem(input.toolCall.arguments);
    if (refused) {
      return fail(
        new ParseError(
          'bad_arguments',
          `The arguments of the ${input.toolCall.name} call are refused: ${refused}.`,
        ),
      );
    }
    let args: unknown;
    try {
      args = input.toolCall.arguments.trim() === '' ? {} : JSON.parse(input.toolCall.arguments);
    } catch {
      return fail(
        new ParseError(
          'bad_arguments',
          `The arguments of the ${input.toolCall.name} call are not valid JSON.`,
        ),
      );
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return fail(
        new ParseError(
          'bad_arguments',
          `The arguments of the ${input.toolCall.name} call are not a JSON object.`,
        ),
      );
    }
    const thought = input.text.trim() || null;
    const call = { tool: input.toolCall.name, args: args as Record<string, unknown> };
    return {
      ok: true,
      reply: { thought, reflectionText: null, reflection: null, action: { kind: 'tool', call } },
    };
  }
  if (s.config.protocol === 'tools') {
    const text = input.text.trim();
    if (!text)
      return fail(new ParseError('empty_reply', 'The reply is empty: no tool call and no answer.'));
    return {
      ok: true,
      reply: {
        thought: null,
        reflectionText: null,
        reflection: null,
        action: { kind: 'answer', text },
      },
    };
  }
  return parseReply(input.text, s.config.mode, s.scenario.tools);
}

/** A reply to an action call: a tool call, an answer, an escalation, or something unparseable. */
function onActionReply(s: Draft, fx: Effect[], input: ModelEnd, modelCall: ModelCallRecord): void {
  const step = s.history.length;
  const outcome = interpret(s, input);
  if (!outcome.ok) {
    const { error, thought, reflection } = outcome;
    const reprompt = s.config.unparseable === 'reprompt' && !s.counters.reprompted;
    emit(fx, {
      type: 'guard-trip',
      step,
      guard: 'unparseable',
      outcome: reprompt ? 'reprompt' : 'escalate',
      detail: error.message,
    });
    take(s, fx, reprompt ? 'reprompt' : 'unparseable', step);
    const fields = {
      modelCall,
      thought,
      reflection,
      decision: decision(reprompt ? 'reprompt' : 'escalate', null, denied('unparseable')),
    };
    if (reprompt) {
      record(s, fx, { kind: 'reprompt', ...fields });
      say(s, { role: 'assistant', content: input.text });
      say(s, { role: 'user', content: repromptMessage(error.message) });
      setCounters(s, { reprompted: true });
      enterGathering(s, fx);
      return;
    }
    s.escalation = { reason: 'unparseable', detail: error.message };
    record(s, fx, { kind: 'escalate', ...fields });
    endAttempt(s, fx, 'escalate');
    return;
  }
  setCounters(s, { reprompted: false });
  const { thought, reflection, action } = outcome.reply;
  if (action.kind === 'tool') {
    const callId = input.toolCall?.id ?? null;
    onToolChoice(s, fx, { call: action.call, callId, modelCall, thought, reflection }, input.text);
  } else if (action.kind === 'answer') {
    take(s, fx, 'choose-answer', step);
    checkAnswer(s, fx, action.text, { modelCall, thought, reflection }, null);
  } else {
    take(s, fx, 'choose-escalate', step);
    s.escalation = { reason: 'model', detail: action.reason };
    record(s, fx, {
      kind: 'escalate',
      modelCall,
      thought,
      reflection,
      decision: decision('escalate'),
    });
    endAttempt(s, fx, 'escalate');
  }
}

/**
 * The early answer on high confidence (LLARS's adaptive exit): a final answer, or plain prose
 * taken as the answer; a reply that holds no answer sends the loop back to gathering.
 */
function onEarlyAnswer(s: Draft, fx: Effect[], input: ModelEnd, modelCall: ModelCallRecord): void {
  const outcome = parseReply(input.text, s.config.mode, s.scenario.tools);
  const answer = outcome.ok
    ? outcome.reply.action.kind === 'answer'
      ? outcome.reply.action.text
      : ''
    : outcome.error.code === 'empty_reply'
      ? ''
      : input.text.trim();
  const thought = outcome.ok ? outcome.reply.thought : outcome.thought;
  const reflection = outcome.ok ? outcome.reply.reflection : outcome.reflection;
  if (answer) {
    checkAnswer(s, fx, answer, { modelCall, thought, reflection }, 'high_confidence');
    return;
  }
  const step = s.history.length;
  take(s, fx, 'early-answer-empty', step);
  record(s, fx, {
    kind: 'reprompt',
    trigger: 'high_confidence',
    modelCall,
    thought,
    reflection,
    decision: decision('reprompt', null, denied('unparseable')),
  });
  enterGathering(s, fx);
}
