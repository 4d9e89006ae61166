/**
 * The layer table of docs/architecture.md as data: what each folder under `src/` may import.
 * `scripts/check-layers.ts` checks every import against it; `src/architecture.test.ts` checks that
 * the doc's table names the same rows and shows a violation of each.
 */

/** The layers, one folder each under `src/` (`src/main.tsx`, the page's entry, counts as app). */
export type LayerName =
  | 'engine'
  | 'scenarios'
  | 'projections'
  | 'state'
  | 'storage'
  | 'components'
  | 'features'
  | 'app'
  | 'share'
  | 'workers'
  | 'cli';

/** One module of another layer a row names on its own, with why it may (or may not) be used. */
export interface ModuleEntry {
  /** The module under `src/`, without extension: `workers/eval-protocol`. */
  readonly module: string;
  readonly reason: string;
  /** Named only by URL (`new URL('…', import.meta.url)`, a worker entry), never imported. */
  readonly byUrl?: boolean;
}

export interface LayerRow {
  readonly layer: LayerName;
  /** Layers it may import (its own always); `'all'` for the composition root. */
  readonly imports: readonly LayerName[] | 'all';
  /** Layers it may import types from only (`import type` / `export type`, erased when compiled). */
  readonly typesFrom?: readonly LayerName[];
  /** Modules of layers it may not otherwise import. */
  readonly modules?: readonly ModuleEntry[];
  /** Modules of layers it may import that it must not. */
  readonly except?: readonly ModuleEntry[];
  /** Packages it may use (any subpath of them); `'any'` for the composition root. */
  readonly packages: readonly string[] | 'any';
  readonly nodeBuiltins: boolean;
  /** May import `mocks/` (outside `src/`). */
  readonly mocks: boolean;
}

/** Packages the engine may use (it runs headless, in the browser and in the CLI). */
export const ENGINE_PACKAGES: readonly string[] = [
  'zod',
  'minisearch',
  'gpt-tokenizer',
  'eventsource-parser',
];

/** What projections and state never import (they hold no view): reported as `ui-free`. */
export const UI_PACKAGES: readonly string[] = ['react', 'react-dom', '@xyflow/react'];
export const UI_LAYERS: readonly LayerName[] = ['components', 'features', 'app'];

/** The eval worker's message contract: types and two constants the store and worker share. */
const EVAL_PROTOCOL: ModuleEntry = {
  module: 'workers/eval-protocol',
  reason: "the eval worker's message contract",
};

/**
 * Every row of the table. Outside `src/engine` the engine is imported as `engine` or
 * `engine/index` only; outside a feature, the feature through its `index.ts` only.
 */
export const LAYER_TABLE: readonly LayerRow[] = [
  {
    layer: 'engine',
    imports: [],
    packages: ENGINE_PACKAGES,
    nodeBuiltins: false,
    mocks: false,
  },
  { layer: 'scenarios', imports: ['engine'], packages: [], nodeBuiltins: false, mocks: false },
  {
    layer: 'projections',
    imports: ['engine'],
    packages: ['@dagrejs/dagre'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'state',
    imports: ['engine', 'projections'],
    modules: [EVAL_PROTOCOL],
    packages: ['zustand'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'storage',
    imports: ['engine', 'state'],
    packages: ['dexie'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'components',
    imports: [],
    packages: ['react', 'react-dom', 'react-markdown', 'remark-gfm', 'rehype-sanitize', 'zustand'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'features',
    imports: ['state', 'projections', 'components'],
    typesFrom: ['engine'],
    modules: [
      EVAL_PROTOCOL,
      {
        module: 'workers/eval-worker',
        reason: 'the eval feature starts the worker from its URL; the bundler emits it',
        byUrl: true,
      },
    ],
    packages: [
      'react',
      'react-dom',
      '@xyflow/react',
      '@tanstack/react-virtual',
      'zustand',
      // The scenario editor's JSON editor (CodeMirror 6), loaded only when the editor opens.
      '@codemirror/state',
      '@codemirror/view',
      '@codemirror/language',
      '@codemirror/lang-json',
      '@codemirror/lint',
      '@codemirror/commands',
      '@lezer/highlight',
    ],
    nodeBuiltins: false,
    mocks: false,
  },
  { layer: 'app', imports: 'all', packages: 'any', nodeBuiltins: false, mocks: true },
  {
    // The share page's entry: no app (it starts MSW and opens storage), no mocks/, no workers.
    layer: 'share',
    imports: ['engine', 'state', 'features', 'components'],
    modules: [
      { module: 'app/schema-mode', reason: 'zod jitless before any schema (the CSP)' },
      { module: 'app/index.css', reason: "the app's stylesheet" },
    ],
    packages: ['react', 'react-dom'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'workers',
    // storage: the eval worker writes a matrix's kept runs, the open worker the run of the file it
    // read, to the library itself (one owner of the schema), so their traces never cross to the
    // page; state's types for the records.
    imports: ['engine', 'scenarios', 'projections', 'storage'],
    typesFrom: ['state'],
    // zod only for workers/schema-mode.ts: jitless before the engine defines a schema (the CSP).
    packages: ['zod'],
    nodeBuiltins: false,
    mocks: false,
  },
  {
    layer: 'cli',
    imports: ['engine', 'scenarios', 'projections', 'workers'],
    modules: [{ module: 'share/share-page', reason: 'writes the share page (--html)' }],
    except: [
      { module: 'workers/eval-worker', reason: 'a worker entry: a message loop on self' },
      { module: 'workers/global-io', reason: "the browser's fetch and clock" },
    ],
    packages: [],
    nodeBuiltins: true,
    mocks: false,
  },
];
