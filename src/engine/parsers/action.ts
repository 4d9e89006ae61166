/** One action form read from the text of an `Action:` label (or from a bare ACT reply). */
import { modelJsonProblem } from '../files/json-scan';
import type { Action, ToolSpec } from '../types';
import { coerceArgument, firstParameter, looksLikeKeywordArgs, readPairs } from './args';
import { findObjectEnd, isRecord, readQuoted, skipSpace } from './literals';

export type ActionErrorCode = 'bad_action' | 'bad_arguments' | 'empty_answer';

/** An action and the index where its form ends in the text, or the reason no action could be read. */
export type ActionResult =
  | { readonly ok: true; readonly action: Action; readonly end: number }
  | { readonly ok: false; readonly code: ActionErrorCode; readonly message: string };

const TOOL_PREFIX_RE = /^tool[ \t]*:[ \t]*([A-Za-z_][\w.-]*)/i;
const KEYWORD_RE = /^(answer|escalate)(?![\w.-])[ \t]*:?/i;
const NAME_RE = /^[A-Za-z_][\w.-]*/;

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
}

function toolCall(tool: string, args: Record<string, unknown>, end: number): ActionResult {
  return { ok: true, action: { kind: 'tool', call: { tool, args } }, end };
}

function badAction(text: string): ActionResult {
  const line = text.slice(0, lineEnd(text, 0)).trim();
  const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
  const message = shown
    ? `The Action "${shown}" matches no action form.`
    : 'The Action label has no action after it.';
  return { ok: false, code: 'bad_action', message };
}

/** Parses trimmed action text (`tool:NAME k=v`, `NAME(...)`, `answer …`, `escalate …`); never throws. */
export function parseAction(text: string, tools: readonly ToolSpec[]): ActionResult {
  const prefixed = TOOL_PREFIX_RE.exec(text);
  if (prefixed) return prefixedForm(text, prefixed[1] ?? '', prefixed[0].length, tools);
  const keyword = KEYWORD_RE.exec(text);
  if (keyword) return answerForm(text, keyword[0].length, keyword[1]?.toLowerCase() === 'answer');
  const name = NAME_RE.exec(text)?.[0];
  if (name === undefined) return badAction(text);
  let open = name.length;
  while (text[open] === ' ' || text[open] === '\t') open++;
  if (text[open] === '(') return callForm(text, name, open, tools);
  const knownTool = tools.some((t) => t.name === name);
  return knownTool && lineEnd(text, 0) === name.length
    ? toolCall(name, {}, name.length)
    : badAction(text);
}

/** `tool:NAME k=v k2="v w"` up to the end of the first line, or `tool:NAME(...)`. */
function prefixedForm(
  text: string,
  name: string,
  from: number,
  tools: readonly ToolSpec[],
): ActionResult {
  let open = from;
  while (text[open] === ' ' || text[open] === '\t') open++;
  if (text[open] === '(') return callForm(text, name, open, tools);
  const end = lineEnd(text, from);
  return toolCall(name, readPairs(text.slice(from, end), tools, name), end);
}

/** `NAME()`, `NAME({json})`, `NAME("literal")`, `NAME(k=v, …)` or `NAME(bare text)`; `open` indexes the `(`. */
function callForm(
  text: string,
  name: string,
  open: number,
  tools: readonly ToolSpec[],
): ActionResult {
  const start = skipSpace(text, open + 1);
  const first = text[start];
  if (first === ')') return toolCall(name, {}, start + 1);
  if (first === '{') {
    const end = findObjectEnd(text, start);
    const args = end < 0 ? undefined : parseJsonObject(text.slice(start, end));
    if (!args) {
      return {
        ok: false,
        code: 'bad_arguments',
        message: `The arguments of "${name}" are not a valid JSON object.`,
      };
    }
    const close = skipSpace(text, end);
    return text[close] === ')' ? toolCall(name, args, close + 1) : badAction(text);
  }
  if (first === '"' || first === "'") {
    const literal = readQuoted(text, start);
    if (!literal) return badAction(text);
    const next = skipSpace(text, literal.end);
    // Further arguments after the string (`f("x", 3)`) are dropped up to the last `)` of that line.
    const close = text[next] === ')' ? next : text.lastIndexOf(')', lineEnd(text, literal.end) - 1);
    return close < literal.end
      ? badAction(text)
      : positional(name, literal.value, close + 1, tools);
  }
  const close = text.lastIndexOf(')', lineEnd(text, open) - 1);
  if (close < start) return badAction(text);
  const inner = text.slice(start, close).trim();
  if (looksLikeKeywordArgs(inner))
    return toolCall(name, readPairs(inner, tools, name, true), close + 1);
  return positional(name, inner, close + 1, tools);
}

/** One positional argument, passed as the tool's first parameter. */
function positional(
  name: string,
  value: string,
  end: number,
  tools: readonly ToolSpec[],
): ActionResult {
  const key = firstParameter(tools, name);
  return toolCall(name, Object.fromEntries([[key, coerceArgument(tools, name, key, value)]]), end);
}

function parseJsonObject(json: string): Record<string, unknown> | undefined {
  if (modelJsonProblem(json)) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `answer <text>` / `escalate <reason>`: the rest of the text, unwrapped from `("…")` or quotes. */
function answerForm(text: string, from: number, isAnswer: boolean): ActionResult {
  const body = unwrap(text.slice(from).trim());
  const end = text.length;
  if (!isAnswer) return { ok: true, action: { kind: 'escalate', reason: body }, end };
  if (!body) return { ok: false, code: 'empty_answer', message: 'The answer action has no text.' };
  return { ok: true, action: { kind: 'answer', text: body }, end };
}

function unwrap(body: string): string {
  const inParens = body.startsWith('(') && body.endsWith(')');
  const inner = inParens ? body.slice(1, -1).trim() : body;
  const literal = readQuoted(inner, 0);
  return literal && literal.end === inner.length ? literal.value.trim() : inner;
}
