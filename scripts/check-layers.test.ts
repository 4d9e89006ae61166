import { describe, expect, it } from 'vitest';
import { findImports, findReferences, findViolations, stripSource } from './check-layers';

const check = (path: string, source: string) => findViolations([{ path, source }]);

describe('findImports', () => {
  it('finds static, type-only, side-effect, re-export and dynamic imports', () => {
    const source = [
      "import a from 'a';",
      "import type { B } from './b';",
      'import {',
      '  c,',
      '  d,',
      "} from '../c';",
      "import * as e from 'e';",
      "import 'side-effect';",
      "export * from './f';",
      "export { g } from './g';",
      "export type { H } from './h';",
      "const i = await import('./i');",
      "type J = import('./j').J;",
    ].join('\n');
    expect(findImports(stripSource(source))).toEqual([
      'a',
      './b',
      '../c',
      'e',
      'side-effect',
      './f',
      './g',
      './h',
      './i',
      './j',
    ]);
  });

  it('ignores imports inside comments and strings', () => {
    const source = [
      "// import x from 'react';",
      "/* import y from 'react'; */",
      'const text = "import z from \'react\'";',
      "const url = 'http://example.com'; import ok from 'zod';",
    ].join('\n');
    expect(findImports(stripSource(source))).toEqual(['zod']);
  });
});

describe('findReferences', () => {
  it('tells type-only imports and worker URLs from value imports', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B } from './b';",
      "export type { C } from './c';",
      "export type * from './d';",
      "type E = import('./e').E;",
      "type F = typeof import('./f');",
      "const g = import('./g').then((module) => module.g);",
      "const worker = new Worker(new URL('./h-worker.ts', import.meta.url));",
    ].join('\n');
    expect(findReferences(stripSource(source))).toEqual([
      { specifier: './a', typeOnly: true, byUrl: false },
      { specifier: './b', typeOnly: false, byUrl: false },
      { specifier: './c', typeOnly: true, byUrl: false },
      { specifier: './d', typeOnly: true, byUrl: false },
      { specifier: './e', typeOnly: true, byUrl: false },
      { specifier: './f', typeOnly: true, byUrl: false },
      { specifier: './g', typeOnly: false, byUrl: false },
      { specifier: './h-worker.ts', typeOnly: false, byUrl: true },
    ]);
  });
});

describe('findViolations', () => {
  it('flags a synthetic engine file that breaks every engine rule', () => {
    const source = [
      "import { useState } from 'react';",
      "import { readFile } from 'node:fs';",
      "import { store } from '../state/store';",
      "import { helper } from '../../scripts/helper';",
      "export { Panel } from '../components/Panel';",
      "const lazy = () => import('../cli/main');",
      'export const now = () => Date.now();',
      'export const roll = () => Math.random();',
      "export const load = () => fetch('/x');",
      "export const saved = () => localStorage.getItem('k');",
      'export const later = (f: () => void) => setTimeout(f, 1);',
      'export const t = performance.now();',
      'export const title = document.title;',
      'export const w = window.innerWidth;',
    ].join('\n');
    const violations = check('src/engine/loop.ts', source);
    expect(violations).toEqual([
      "src/engine/loop.ts: imports 'react' (engine-imports: the engine may only use zod, minisearch, gpt-tokenizer, eventsource-parser)",
      "src/engine/loop.ts: imports 'node:fs' (engine-imports: no Node builtins in the engine)",
      "src/engine/loop.ts: imports '../state/store' (engine-isolation: engine never imports src/state)",
      "src/engine/loop.ts: imports '../../scripts/helper' (engine-imports: relative imports must stay inside src/engine)",
      "src/engine/loop.ts: imports '../components/Panel' (engine-isolation: engine never imports src/components)",
      "src/engine/loop.ts: imports '../cli/main' (engine-isolation: engine never imports src/cli)",
      "src/engine/loop.ts: uses 'window' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'document' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'localStorage' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'Date.now' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'performance.now' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'Math.random' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'setTimeout' (engine-purity: time, randomness, storage and I/O are injected)",
      "src/engine/loop.ts: uses 'fetch' (engine-purity: time, randomness, storage and I/O are injected)",
    ]);
  });

  it('accepts a clean engine file', () => {
    const source = [
      '/** Uses Date.now() only in this comment; window.open too. */',
      "import { z } from 'zod';",
      "import { z as z4 } from 'zod/v4';",
      "import MiniSearch from 'minisearch';",
      "import { encode } from 'gpt-tokenizer';",
      "import { createParser } from 'eventsource-parser';",
      "import type { Mode } from '../config';",
      "import { parse } from './parsers/text';",
      "const prompt = 'Keep the context window small; never call fetch( or Date.now().';",
      'const hint = `window.location is ${prompt.length} chars`;',
      'export interface Clock {',
      '  now(): number;',
      '  setTimeout(fn: () => void, ms: number): number;',
      '}',
      'export interface Http {',
      '  fetch(',
      '    url: string,',
      '  ): Promise<string>;',
      '}',
      'export function run(clock: Clock, http: Http, rng: { random(): number }) {',
      '  const window = [1, 2, 3];',
      '  const started = clock.now();',
      "  return [window.length, started, rng.random(), http.fetch('/x'), z, z4, MiniSearch, encode, createParser, parse, hint];",
      '}',
      'const deps = { setTimeout: (f: () => void) => f() };',
      'export type M = Mode | typeof deps;',
    ].join('\n');
    expect(check('src/engine/nested/clean.ts', source)).toEqual([]);
  });

  it('allows globals accessed through injected objects but flags globalThis', () => {
    expect(
      check('src/engine/a.ts', 'export const f = (io: { fetch: typeof fetch }) => io.fetch("/");'),
    ).toEqual([]);
    expect(check('src/engine/a.ts', 'export const f = () => globalThis.fetch("/");')).toEqual([
      "src/engine/a.ts: uses 'globalThis.fetch' (engine-purity: time, randomness, storage and I/O are injected)",
    ]);
  });

  it('keeps projections and state free of React and the UI layers', () => {
    const source = [
      "import { useMemo } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "import { ReactFlow } from '@xyflow/react';",
      "import { Button } from '../components/Button';",
      "import { Trace } from '../features/trace';",
      "import { App } from '../app/App';",
      "import { create } from 'zustand';",
      "import type { Step } from '../engine';",
      "import { project } from '../projections/steps';",
    ].join('\n');
    expect(check('src/state/store.ts', source)).toEqual([
      "src/state/store.ts: imports 'react' (ui-free: src/state never imports react)",
      "src/state/store.ts: imports 'react-dom/client' (ui-free: src/state never imports react-dom)",
      "src/state/store.ts: imports '@xyflow/react' (ui-free: src/state never imports @xyflow/react)",
      "src/state/store.ts: imports '../components/Button' (ui-free: src/state never imports src/components)",
      "src/state/store.ts: imports '../features/trace' (ui-free: src/state never imports src/features)",
      "src/state/store.ts: imports '../app/App' (ui-free: src/state never imports src/app)",
    ]);
    expect(check('src/projections/graph.ts', "import { useMemo } from 'react';")).toHaveLength(1);
  });

  it('lets features reach each other only through their index', () => {
    const source = [
      "import { Trace } from '../trace';",
      "import { Trace as T2 } from '../trace/index';",
      "import { Trace as T3 } from '../trace/index.ts';",
      "import { Row } from '../trace/Row';",
      "import { rows } from '../trace/model/rows';",
      "import { local } from './local';",
    ].join('\n');
    expect(check('src/features/graph/Graph.tsx', source)).toEqual([
      "src/features/graph/Graph.tsx: imports '../trace/Row' (feature-boundary: import features/trace through its index.ts only)",
      "src/features/graph/Graph.tsx: imports '../trace/model/rows' (feature-boundary: import features/trace through its index.ts only)",
    ]);
    expect(check('src/app/App.tsx', "import { Row } from '../features/trace/Row';")).toEqual([
      "src/app/App.tsx: imports '../features/trace/Row' (feature-boundary: import features/trace through its index.ts only)",
    ]);
    expect(check('src/app/App.tsx', "import { Trace } from '../features/trace';")).toEqual([]);
    expect(check('src/features/trace/index.ts', "export { Row } from './Row';")).toEqual([]);
  });

  it('lets components and the app use React, but neither reaches into the engine', () => {
    const source = "import { useState } from 'react';\nimport { run } from '../engine/loop';";
    expect(check('src/components/Button.tsx', source)).toEqual([
      "src/components/Button.tsx: imports '../engine/loop' (components-imports: src/components never imports src/engine)",
    ]);
    expect(check('src/app/App.tsx', source)).toEqual([
      "src/app/App.tsx: imports '../engine/loop' (engine-surface: outside src/engine, import the engine as engine or engine/index only)",
    ]);
  });
});
