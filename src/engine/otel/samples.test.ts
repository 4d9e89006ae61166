/**
 * The importer against real trace files from other tools, in ../shared/trace-samples/ beside the
 * repository (never copied into it). Each file's expected spans, model calls and tool calls are
 * read from the overview table of that folder's SOURCES.md; the token sums are those its
 * sections list per call. When the folder is absent the check says so and passes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openFileText } from '../files/open';

const SAMPLES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/trace-samples',
);
const present = existsSync(join(SAMPLES, 'SOURCES.md'));

interface Expected {
  readonly spans: number;
  readonly modelCalls: number;
  readonly toolCalls: number;
}

/** The overview table: `| file | shape | ids | spans | model calls | tool calls | agent loop |`. */
function overview(text: string): Map<string, Expected> {
  const rows = new Map<string, Expected>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = cells[1] ?? '';
    if (!/\.jsonl?$/.test(file)) continue;
    const leading = (cell: string | undefined) => Number(/\d+/.exec(cell ?? '')?.[0] ?? NaN);
    rows.set(file, {
      spans: leading(cells[4]),
      modelCalls: leading(cells[5]),
      toolCalls: leading(cells[6]),
    });
  }
  return rows;
}

/** Prompt / completion token sums over each file's calls, as SOURCES.md lists them per call. */
const TOKENS: Readonly<Record<string, readonly [number, number]>> = {
  'otlp-openinference-langchain-rag-base64ids.json': [629, 19],
  'otlp-genai-strands-agent-loop-base64ids.json': [134 + 163, 84 + 103],
  'otlp-genai-springai-chat-hex-stringtyped.json': [11, 13],
  'tempo-batches-adk-kagent-agent-loop-hex.json': [2256 + 2392, 13 + 116],
  'otlp-jsonl-openinference-llm-base64ids.jsonl': [35 + 20 + 80, 10 + 8 + 24],
  'otlp-jsonl-spec-file-exporter-example.jsonl': [0, 0],
  'jaeger-adk-kagent-helm-agent-loop.json': [1820 + 1956, 13 + 117],
  'jaeger-adk-helm-minimal-reversed-order.json': [0, 0],
  'langfuse-export-openai-agents-weather.json': [55 + 85, 15 + 29],
  'langfuse-export-microsoft-agent-framework.json': [77 + 216, 86 + 20],
  'phoenix-spans-openinference-agent-turn.json': [310222, 1895],
  'anyagent-sdk-json-mistral-agent-loop-intids.json': [269 + 359 + 392, 16 + 14 + 46],
};

if (present)
  describe(`the trace samples in ${SAMPLES}`, () => {
    const expected = present
      ? overview(readFileSync(join(SAMPLES, 'SOURCES.md'), 'utf8'))
      : new Map<string, Expected>();
    const files = present ? readdirSync(SAMPLES).filter((file) => /\.jsonl?$/.test(file)) : [];

    it('lists every sample file in SOURCES.md', () => {
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((file) => !expected.has(file))).toEqual([]);
    });

    it.each(files)('%s imports with the spans, calls and tokens SOURCES.md gives', (file) => {
      const opened = openFileText(readFileSync(join(SAMPLES, file), 'utf8'), file);
      if (opened.kind !== 'foreign') throw new Error(`${file} opened as ${opened.kind}`);
      const want = expected.get(file)!;
      const { metrics } = opened.trace;
      expect({
        spans: opened.spans.length,
        modelCalls: metrics.llmCalls,
        toolCalls: metrics.toolCalls,
      }).toEqual(want);
      expect([metrics.promptTokens, metrics.completionTokens]).toEqual(TOKENS[file]);
    });
  });
else {
  describe('the trace samples', () => {
    it(`are not at ${SAMPLES}: the check against real files from other tools did not run`, () => {
      expect(existsSync(SAMPLES)).toBe(false);
    });
  });
}
