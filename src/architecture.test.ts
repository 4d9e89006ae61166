/** Layer rules of docs/architecture.md, checked over the real tree (see scripts/check-layers.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findViolations, LAYER_TABLE, type SourceFile } from '../scripts/check-layers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      files.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name)) {
      // Tests and the helpers only tests import (`*.test-support.ts`) may use test packages.
      files.push({ path: relative, source: readFileSync(path.join(root, relative), 'utf8') });
    }
  }
  return files;
}

/** The first two cells (layer, path) of each row of the doc's layer table. */
function documentedRows(): { layer: string; path: string }[] {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| Layer'));
  const rows: { layer: string; path: string }[] = [];
  for (const line of table.split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const [layer = '', where = ''] = line.split('|').slice(1, 3);
    rows.push({ layer: layer.trim(), path: where.trim() });
  }
  return rows;
}

const check = (file: string, ...lines: string[]) =>
  findViolations([{ path: file, source: lines.join('\n') }]);

describe('architecture', () => {
  const files = sourceFiles('src');

  it('finds the source tree', () => {
    expect(files.map((file) => file.path)).toContain('src/main.tsx');
  });

  it('every import respects the layer rules', () => {
    const violations = findViolations(files);
    expect(violations, `Layer violations:\n${violations.join('\n')}`).toEqual([]);
  });
});

describe('the layer table', () => {
  it('has the rows of docs/architecture.md, in its order, each the folder the doc names', () => {
    const documented = documentedRows();
    expect(documented.map((row) => row.layer)).toEqual(LAYER_TABLE.map((row) => row.layer));
    for (const { layer, path: where } of documented) expect(where).toMatch(`\`src/${layer}`);
  });

  it('covers every folder under src/', () => {
    const folders = readdirSync(path.join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(LAYER_TABLE.map((row) => row.layer).sort());
  });

  it('flags a file in no row, and an import of one', () => {
    expect(check('src/helpers/text.ts', "export const a = 'a';")).toEqual([
      'src/helpers/text.ts: is in no layer (layer-table: every file under src/ is in a row)',
    ]);
    expect(check('src/state/a.ts', "import { text } from '../helpers/text';")).toEqual([
      "src/state/a.ts: imports '../helpers/text' (state-imports: src/helpers/text is in no layer of the table)",
    ]);
  });
});

describe('each row of the table', () => {
  it('engine: only itself and its four packages, no globals', () => {
    expect(
      check(
        'src/engine/loop/a.ts',
        "import { z } from 'zod';",
        "import { encode } from 'gpt-tokenizer';",
        "import type { Step } from '../trace/types';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/engine/loop/a.ts',
        "import { rows } from '../../scenarios';",
        "import { http } from 'msw';",
        'export const now = () => Date.now();',
      ),
    ).toEqual([
      "src/engine/loop/a.ts: imports '../../scenarios' (engine-isolation: engine never imports src/scenarios)",
      "src/engine/loop/a.ts: imports 'msw' (engine-imports: the engine may only use zod, minisearch, gpt-tokenizer, eventsource-parser)",
      "src/engine/loop/a.ts: uses 'Date.now' (engine-purity: time, randomness, storage and I/O are injected)",
    ]);
  });

  it("scenarios: the engine's public surface and their own files, no packages", () => {
    expect(
      check(
        'src/scenarios/index.ts',
        "import { parseScenario } from '../engine';",
        "import shop from './shop.json';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/scenarios/index.ts',
        "import { parseScenario } from '../engine/scenario/parse';",
        "import { buildTimeline } from '../projections/timeline';",
        "import { z } from 'zod';",
      ),
    ).toEqual([
      "src/scenarios/index.ts: imports '../engine/scenario/parse' (engine-surface: outside src/engine, import the engine as engine or engine/index only)",
      "src/scenarios/index.ts: imports '../projections/timeline' (scenarios-imports: src/scenarios never imports src/projections)",
      "src/scenarios/index.ts: imports 'zod' (scenarios-imports: src/scenarios uses no packages)",
    ]);
  });

  it("projections: the engine's public surface and dagre, never React, state or workers", () => {
    expect(
      check(
        'src/projections/a.ts',
        "import { MACHINE, type Step } from '../engine/index';",
        "import dagre from '@dagrejs/dagre';",
        "import { buildTimeline } from './timeline';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/projections/a.ts',
        "import { useMemo } from 'react';",
        "import { createRunStore } from '../state/run-store';",
        "import type { EvalEndpoint } from '../workers/eval-protocol';",
        "import { step } from '../engine/loop/step';",
        "import { readFileSync } from 'node:fs';",
      ),
    ).toEqual([
      "src/projections/a.ts: imports 'react' (ui-free: src/projections never imports react)",
      "src/projections/a.ts: imports '../state/run-store' (projections-imports: src/projections never imports src/state)",
      "src/projections/a.ts: imports '../workers/eval-protocol' (projections-imports: src/projections never imports src/workers)",
      "src/projections/a.ts: imports '../engine/loop/step' (engine-surface: outside src/engine, import the engine as engine or engine/index only)",
      "src/projections/a.ts: imports 'node:fs' (projections-imports: no Node builtins in src/projections)",
    ]);
  });

  it("state: the engine's public surface, projections, the worker's message contract and zustand", () => {
    expect(
      check(
        'src/state/a.ts',
        "import { createStore } from 'zustand/vanilla';",
        "import { runScenario } from '../engine';",
        "import { buildTimeline } from '../projections/timeline';",
        "import { MAX_EVAL_CONCURRENCY } from '../workers/eval-protocol';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/state/a.ts',
        "import { createEvalLoop } from '../workers/eval-runner';",
        "import { builtinScenarios } from '../scenarios';",
        "import { Button } from '../components';",
        "import { parseArgs } from '../cli/args';",
      ),
    ).toEqual([
      "src/state/a.ts: imports '../workers/eval-runner' (state-imports: src/state imports src/workers only as workers/eval-protocol (the eval worker's message contract))",
      "src/state/a.ts: imports '../scenarios' (state-imports: src/state never imports src/scenarios)",
      "src/state/a.ts: imports '../components' (ui-free: src/state never imports src/components)",
      "src/state/a.ts: imports '../cli/args' (state-imports: src/state never imports src/cli)",
    ]);
  });

  it("storage: the engine's public surface, state and dexie; state never imports it", () => {
    expect(
      check(
        'src/storage/dexie-library.ts',
        "import { Dexie } from 'dexie';",
        "import { summaryOf, type RunLibraryPort } from '../state';",
        "import type { Trace } from '../engine';",
        "import { declareSchema } from './library-schema';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/storage/dexie-library.ts',
        "import { useState } from 'react';",
        "import { Button } from '../components';",
        "import { buildTimeline } from '../projections/timeline';",
        "import { openDB } from 'idb';",
        "import { readFileSync } from 'node:fs';",
      ),
    ).toEqual([
      "src/storage/dexie-library.ts: imports 'react' (ui-free: src/storage never imports react)",
      "src/storage/dexie-library.ts: imports '../components' (ui-free: src/storage never imports src/components)",
      "src/storage/dexie-library.ts: imports '../projections/timeline' (storage-imports: src/storage never imports src/projections)",
      "src/storage/dexie-library.ts: imports 'idb' (storage-imports: src/storage may only use dexie)",
      "src/storage/dexie-library.ts: imports 'node:fs' (storage-imports: no Node builtins in src/storage)",
    ]);
    expect(
      check('src/state/library-store.ts', "import { openRunLibrary } from '../storage';"),
    ).toEqual([
      "src/state/library-store.ts: imports '../storage' (state-imports: src/state never imports src/storage)",
    ]);
  });

  it('components: React and UI libraries, none of our layers', () => {
    expect(
      check(
        'src/components/Markdown.tsx',
        "import { useMemo } from 'react';",
        "import ReactMarkdown from 'react-markdown';",
        "import { FOCUS_RING } from './focus-ring';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/components/Steps.tsx',
        "import type { Step } from '../engine';",
        "import { createRunStore } from '../state';",
        "import { ReactFlow } from '@xyflow/react';",
      ),
    ).toEqual([
      "src/components/Steps.tsx: imports '../engine' (components-imports: src/components never imports src/engine)",
      "src/components/Steps.tsx: imports '../state' (components-imports: src/components never imports src/state)",
      "src/components/Steps.tsx: imports '@xyflow/react' (components-imports: src/components may only use react, react-dom, react-markdown, remark-gfm, rehype-sanitize, zustand)",
    ]);
  });

  it('features: state, projections, components; engine types only; the eval worker by its contract and URL', () => {
    expect(
      check(
        'src/features/eval/Panel.tsx',
        "import type { Step } from '../../engine';",
        "import { useShallow } from 'zustand/react/shallow';",
        "import { selectedScenario } from '../../state/run-store';",
        "import { buildTimeline } from '../../projections';",
        "import { Button } from '../../components';",
        "import { useRunStore } from '../run';",
        "import { MAX_EVAL_CONCURRENCY } from '../../workers/eval-protocol';",
        "const worker = new Worker(new URL('../../workers/eval-worker.ts', import.meta.url));",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/features/eval/Panel.tsx',
        "import { MACHINE } from '../../engine';",
        "import { type Step } from '../../engine';",
        "import { createEvalLoop } from '../../workers/eval-runner';",
        "import { createEvalLoop as loop } from '../../workers/eval-worker';",
        "import { builtinScenarios } from '../../scenarios';",
        "import { handlers } from '../../../mocks/handlers';",
        "import { Row } from '../timeline/Row';",
        "import Markdown from 'react-markdown';",
      ),
    ).toEqual([
      "src/features/eval/Panel.tsx: imports '../../engine' (engine-types-only: src/features imports only types from src/engine (import type); values come through state, projections, components)",
      "src/features/eval/Panel.tsx: imports '../../engine' (engine-types-only: src/features imports only types from src/engine (import type); values come through state, projections, components)",
      "src/features/eval/Panel.tsx: imports '../../workers/eval-runner' (features-imports: src/features imports src/workers only as workers/eval-protocol (the eval worker's message contract), workers/eval-worker by URL (the eval feature starts the worker from its URL; the bundler emits it))",
      "src/features/eval/Panel.tsx: imports '../../workers/eval-worker' (features-imports: src/features names workers/eval-worker by URL only (the eval feature starts the worker from its URL; the bundler emits it), never imports it)",
      "src/features/eval/Panel.tsx: imports '../../scenarios' (features-imports: src/features never imports src/scenarios)",
      "src/features/eval/Panel.tsx: imports '../../../mocks/handlers' (features-imports: src/features never imports mocks/)",
      "src/features/eval/Panel.tsx: imports '../timeline/Row' (feature-boundary: import features/timeline through its index.ts only)",
      "src/features/eval/Panel.tsx: imports 'react-markdown' (features-imports: src/features may only use react, react-dom, @xyflow/react, @tanstack/react-virtual, zustand, @codemirror/state, @codemirror/view, @codemirror/language, @codemirror/lang-json, @codemirror/lint, @codemirror/commands, @lezer/highlight)",
    ]);
  });

  it('app: everything, mocks/ too, but the engine and features only through their surfaces', () => {
    expect(
      check(
        'src/app/services.ts',
        "import { http } from 'msw';",
        "import { handlers } from '../../mocks/handlers';",
        "import { realClock } from '../workers/global-io';",
        "import { createRunStore } from '../state';",
        "import { InspectorView } from '../features/inspector';",
        "import { runScenario } from '../engine';",
      ),
    ).toEqual([]);
    expect(check('src/main.tsx', "import { App } from './app/App';")).toEqual([]);
    expect(
      check(
        'src/app/services.ts',
        "import { step } from '../engine/loop/step';",
        "import { Row } from '../features/timeline/Row';",
        "import { readFileSync } from 'node:fs';",
      ),
    ).toEqual([
      "src/app/services.ts: imports '../engine/loop/step' (engine-surface: outside src/engine, import the engine as engine or engine/index only)",
      "src/app/services.ts: imports '../features/timeline/Row' (feature-boundary: import features/timeline through its index.ts only)",
      "src/app/services.ts: imports 'node:fs' (app-imports: no Node builtins in src/app)",
    ]);
    expect(check('src/main.tsx', "import { step } from './engine/loop/step';")).toHaveLength(1);
  });

  it('share: state, features and components; of app only its schema mode and stylesheet; no mocks/', () => {
    expect(
      check(
        'src/share/main.tsx',
        "import '../app/schema-mode';",
        "import { createRoot } from 'react-dom/client';",
        "import { RecordedRunView } from '../features/inspector';",
        "import { createRunStore } from '../state';",
        "import { readTraceText } from '../engine';",
        "import '../app/index.css';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/share/main.tsx',
        "import { createServices } from '../app/services';",
        "import { worker } from '../../mocks/browser';",
        "import { openRunLibrary } from '../storage';",
        "import { Timeline } from '../features/timeline/Timeline';",
        "import { z } from 'zod';",
      ),
    ).toEqual([
      "src/share/main.tsx: imports '../app/services' (share-imports: src/share imports src/app only as app/schema-mode (zod jitless before any schema (the CSP)), app/index.css (the app's stylesheet))",
      "src/share/main.tsx: imports '../../mocks/browser' (share-imports: src/share never imports mocks/)",
      "src/share/main.tsx: imports '../storage' (share-imports: src/share never imports src/storage)",
      "src/share/main.tsx: imports '../features/timeline/Timeline' (feature-boundary: import features/timeline through its index.ts only)",
      "src/share/main.tsx: imports 'zod' (share-imports: src/share may only use react, react-dom)",
    ]);
    expect(check('src/cli/main.ts', "import { sharePage } from '../share/share-page';")).toEqual(
      [],
    );
    expect(
      check('src/cli/main.ts', "import { sharedRunRecord } from '../share/shared-run';"),
    ).toEqual([
      "src/cli/main.ts: imports '../share/shared-run' (cli-imports: src/cli imports src/share only as share/share-page (writes the share page (--html)))",
    ]);
  });

  it("workers: the engine's public surface, scenarios, projections, storage, state's types; zod only", () => {
    expect(
      check(
        'src/workers/eval-worker.ts',
        "import { z } from 'zod';",
        "import { runScenario } from '../engine';",
        "import { builtinScenarios } from '../scenarios';",
        "import { buildEvalJobs } from '../projections/eval-matrix';",
        "import { openRunLibrary } from '../storage';",
        "import type { RunRecord } from '../state';",
        "import { createEvalLoop } from './eval-runner';",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/workers/eval-worker.ts',
        "import { useState } from 'react';",
        "import { createEvalStore } from '../state/eval-store';",
        "import { runLoop } from '../engine/loop/runner';",
      ),
    ).toEqual([
      "src/workers/eval-worker.ts: imports 'react' (workers-imports: src/workers may only use zod)",
      "src/workers/eval-worker.ts: imports '../state/eval-store' (state-types-only: src/workers imports only types from src/state (import type); values come through engine, scenarios, projections, storage)",
      "src/workers/eval-worker.ts: imports '../engine/loop/runner' (engine-surface: outside src/engine, import the engine as engine or engine/index only)",
    ]);
  });

  it("cli: the engine's public surface, scenarios, projections, the workers' pure cores, Node builtins", () => {
    expect(
      check(
        'src/cli/bench.ts',
        "import { spawn } from 'node:child_process';",
        "import { readFileSync } from 'fs';",
        "import { runScenario } from '../engine';",
        "import { builtinScenarios } from '../scenarios';",
        "import { DEFAULT_EVAL_LABELS } from '../projections/eval-matrix';",
        "import { runEvalJobs } from '../workers/eval-runner';",
        "const script = new URL('../../scripts/bench-browser.ts', import.meta.url);",
      ),
    ).toEqual([]);
    expect(
      check(
        'src/cli/bench.ts',
        "import { realClock } from '../workers/global-io';",
        "import '../workers/eval-worker';",
        "import { createRunStore } from '../state';",
        "import { Command } from 'commander';",
      ),
    ).toEqual([
      "src/cli/bench.ts: imports '../workers/global-io' (cli-imports: src/cli never imports workers/global-io (the browser's fetch and clock))",
      "src/cli/bench.ts: imports '../workers/eval-worker' (cli-imports: src/cli never imports workers/eval-worker (a worker entry: a message loop on self))",
      "src/cli/bench.ts: imports '../state' (cli-imports: src/cli never imports src/state)",
      "src/cli/bench.ts: imports 'commander' (cli-imports: src/cli uses no packages)",
    ]);
  });
});
