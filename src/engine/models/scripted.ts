/**
 * The scripted model: replies from a list, by call number (after the AI SDK's mock model).
 * Action calls take the next `turns` entry; reflection-phase calls and the reflection between
 * attempts take the next `reflections` entry when that list is given. An exhausted list answers "".
 */
import type { ScriptedModelSpec } from '../scenario/types';
import type { ModelAdapter, ModelRequest, ModelStreamPart } from './spec';

export interface ScriptedModel extends ModelAdapter {
  /** Purposes of the calls made so far, for assertions. */
  readonly calls: readonly ModelRequest['purpose'][];
}

/**
 * Creates a scripted model with its own call counters (one per run). `skip` starts them later:
 * a fork that replayed some calls goes on with the entries after them.
 */
export function createScriptedModel(
  spec: Pick<ScriptedModelSpec, 'turns' | 'reflections'>,
  skip: { readonly turns?: number; readonly reflections?: number } = {},
): ScriptedModel {
  let turn = skip.turns ?? 0;
  let reflection = skip.reflections ?? 0;
  const calls: ModelRequest['purpose'][] = [];
  const next = (purpose: ModelRequest['purpose']): string => {
    const reflective = purpose === 'reflection' || purpose === 'attempt-reflection';
    if (reflective && spec.reflections) return spec.reflections[reflection++] ?? '';
    return spec.turns[turn++] ?? '';
  };
  return {
    name: 'scripted',
    calls,
    async *stream(request): AsyncIterable<ModelStreamPart> {
      calls.push(request.purpose);
      const text = next(request.purpose);
      if (text) yield { type: 'text-delta', text };
      yield { type: 'finish', finishReason: 'stop', usage: null };
    },
  };
}
