/** The one reply parser of the text protocol, for ReAct, ACT and ReflAct replies alike. */
import type { Mode } from '../config';
import type { Action, ReflectionParts, ToolSpec } from '../types';
import { parseAction } from './action';
import { scanSections } from './labels';
import { parseReflectionParts } from './reflection';

export interface ParsedReply {
  /** Thought text (react/act; in reflact only when a REFLECTION label is present too), null if none. */
  readonly thought: string | null;
  /** REFLECTION text, or the THOUGHT text in reflact when there is no REFLECTION label. */
  readonly reflectionText: string | null;
  /** The parts of `reflectionText`; null if there is no reflection text. */
  readonly reflection: ReflectionParts | null;
  /** The chosen action; a final answer becomes `{ kind: 'answer' }`. */
  readonly action: Action;
}

export type ParseErrorCode =
  'empty_reply' | 'no_action' | 'bad_action' | 'bad_arguments' | 'empty_answer';

/** Why a reply could not be parsed; the message is one plain sentence naming the problem. */
export class ParseError extends Error {
  readonly code: ParseErrorCode;

  constructor(code: ParseErrorCode, message: string) {
    super(message);
    this.name = 'ParseError';
    this.code = code;
  }
}

/** What the reply said besides its action: kept on failures too, for the trace. */
interface ReplyText {
  readonly thought: string | null;
  readonly reflectionText: string | null;
  readonly reflection: ReflectionParts | null;
}

export type ParseOutcome =
  | { readonly ok: true; readonly reply: ParsedReply }
  | {
      readonly ok: false;
      readonly error: ParseError;
      readonly thought: string | null;
      readonly reflectionText: string | null;
      readonly reflection: ReflectionParts | null;
    };

function success(text: ReplyText, action: Action): ParseOutcome {
  return { ok: true, reply: { ...text, action } };
}

function failure(text: ReplyText, code: ParseErrorCode, message: string): ParseOutcome {
  return { ok: false, error: new ParseError(code, message), ...text };
}

function nonEmpty(section: string | undefined): string | null {
  const trimmed = section?.trim();
  return trimmed ? trimmed : null;
}

/** Parses one model reply in any mode (all labels recognised everywhere; a final answer beats an action); never throws. */
export function parseReply(text: string, mode: Mode, tools: readonly ToolSpec[]): ParseOutcome {
  const empty: ReplyText = { thought: null, reflectionText: null, reflection: null };
  if (!text.trim()) return failure(empty, 'empty_reply', 'The reply is empty.');
  const sections = scanSections(text);
  const thought = nonEmpty(sections.thought);
  const labelledReflection = nonEmpty(sections.reflection);
  const thoughtReflects = mode === 'reflact' && labelledReflection === null;
  const reflectionText = thoughtReflects ? thought : labelledReflection;
  const said: ReplyText = {
    thought: thoughtReflects ? null : thought,
    reflectionText,
    reflection: reflectionText === null ? null : parseReflectionParts(reflectionText),
  };

  if (sections.finalAnswer !== undefined) {
    const answer = sections.finalAnswer.trim();
    if (!answer) return failure(said, 'empty_answer', 'The Final Answer is empty.');
    return success(said, { kind: 'answer', text: answer });
  }
  if (sections.action !== undefined) {
    const result = parseAction(sections.action.trim(), tools);
    return result.ok ? success(said, result.action) : failure(said, result.code, result.message);
  }
  if (mode === 'act') {
    // ACT also takes a reply that is nothing but a bare action form, with no label.
    const bare = text.slice(0, sections.end).trim();
    const result = parseAction(bare, tools);
    if (result.ok && result.end === bare.length) return success(said, result.action);
    if (!result.ok && result.code === 'bad_arguments')
      return failure(said, result.code, result.message);
  }
  const has =
    sections.thought !== undefined
      ? 'a Thought'
      : sections.reflection !== undefined
        ? 'a Reflection'
        : '';
  const message = has
    ? `The reply has ${has} but no Action or Final Answer.`
    : 'The reply has no Action or Final Answer.';
  return failure(said, 'no_action', message);
}
