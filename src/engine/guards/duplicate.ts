/** Duplicate tool-call guard: the fingerprint of a call, and the force_refresh exception. */
import { canonicalJson } from '../tools';
import type { ToolCall } from '../types';

/** Pure: tool name plus the canonical JSON of its arguments without `force_refresh`. */
export function fingerprint(call: ToolCall): string {
  if (!('force_refresh' in call.args)) return `${call.tool} ${canonicalJson(call.args)}`;
  const { force_refresh: _ignored, ...rest } = call.args;
  return `${call.tool} ${canonicalJson(rest)}`;
}

/** Pure: a call that asks to bypass the duplicate guard (`force_refresh` is true). */
export function forcesRefresh(call: ToolCall): boolean {
  const value = call.args['force_refresh'];
  return value === true || value === 'true';
}
