/**
 * The bench's long runs, shared by its Node half (src/cli/bench.ts) and the library figures its
 * browser half measures in Chromium (scripts/bench-browser/library-entry.ts): a scenario with one
 * tool and a model that never repeats itself, so a run of N action steps is N steps long. Engine
 * only: no Node builtins, so it bundles for the page.
 */
import {
  parseScenario,
  resolveConfig,
  runLoop,
  type ModelAdapter,
  type ModelStreamPart,
  type Trace,
  type TokenCounter,
} from '../engine';

/** A model that never repeats itself: step i looks up key i, then answers at the end. */
export function countingModel(steps: number): ModelAdapter {
  let call = 0;
  return {
    name: 'bench',
    async *stream(): AsyncIterable<ModelStreamPart> {
      const i = call++;
      const text =
        i < steps
          ? `Thought: key k${i} is next\nAction: tool:lookup key=k${i}`
          : 'Thought: done\nFinal Answer: all keys read';
      yield { type: 'text-delta', text };
      yield { type: 'finish', finishReason: 'stop', usage: null };
    },
  };
}

export const benchScenario = parseScenario({
  format: 'loopscope.scenario',
  version: 1,
  id: 'bench-long',
  title: 'Bench: a long run',
  task: 'Read every key.',
  tools: [
    {
      name: 'lookup',
      description: 'Read a key',
      parameters: { type: 'object', properties: { key: { type: 'string' } } },
    },
  ],
  model: { kind: 'scripted', turns: [] },
});

/** A run of `steps` action steps on the bench scenario (token counting as `tokens` says). */
export async function longTrace(steps: number, tokens?: TokenCounter): Promise<Trace> {
  const trace = await runLoop({
    scenario: benchScenario,
    config: resolveConfig({ maxSteps: steps }),
    model: countingModel(steps),
    tools: { run: (call) => ({ ok: true, result: { key: call.args['key'], value: 1 } }) },
    ...(tokens ? { tokens } : {}),
  });
  if (trace.steps.length !== steps)
    throw new Error(`long run recorded ${trace.steps.length} steps`);
  return trace;
}
