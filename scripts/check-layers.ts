/**
 * Layer rules of docs/architecture.md, checked from import statements.
 * Pure: give it `{ path, source }` pairs (paths relative to the repo root, `/`-separated)
 * and it returns one line per violation, "file: imports 'x' (rule: what the rule says)".
 * The rules are the rows of `LAYER_TABLE` (scripts/layer-table.ts).
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import { engineGlobalViolations } from './engine-purity';
import { findReferences, stripSource, type Reference } from './layer-scan';
import {
  ENGINE_PACKAGES,
  LAYER_TABLE,
  UI_LAYERS,
  UI_PACKAGES,
  type LayerName,
  type LayerRow,
  type ModuleEntry,
} from './layer-table';

export { findImports, findReferences, stripSource, type StrippedSource } from './layer-scan';
export { ENGINE_PACKAGES, LAYER_TABLE, type LayerName, type LayerRow } from './layer-table';

export interface SourceFile {
  /** Repo-relative path, e.g. `src/engine/loop.ts`. */
  readonly path: string;
  readonly source: string;
}

/** Where an import points. */
type Target =
  | { readonly kind: 'package'; readonly name: string }
  | { readonly kind: 'builtin'; readonly name: string }
  /** `module`: under `src/`, no extension (`engine/loop/step`); `layer` undefined for `src/x.ts`. */
  | { readonly kind: 'src'; readonly layer: string | undefined; readonly module: string }
  | { readonly kind: 'outside'; readonly top: string };

const ROWS = new Map<string, LayerRow>(LAYER_TABLE.map((row) => [row.layer, row]));
const BUILTINS = new Set(builtinModules);

/** `src/<layer>/...` → layer; `src/main.tsx` → app; other files → undefined. */
function layerOf(file: string): string | undefined {
  if (file === 'src/main.tsx') return 'app';
  return /^src\/([^/]+)\//.exec(file)?.[1];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isRelative(specifier: string): boolean {
  return /^\.\.?(?:\/|$)/.test(specifier);
}

function stripExtension(file: string): string {
  return file.replace(/\.(?:d\.ts|tsx?|jsx?|mts|cts|mjs|cjs)$/, '');
}

/** Resolve an import to what it points at (a query such as `?worker` dropped). */
function targetOf(from: string, specifier: string): Target {
  const bare = specifier.replace(/\?.*$/, '');
  let local: string | undefined;
  if (isRelative(bare))
    local = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  else if (bare.startsWith('/src/')) local = bare.slice(1);
  else if (bare.startsWith('src/')) local = bare;
  if (local === undefined) {
    const name = packageName(bare);
    return bare.startsWith('node:') || BUILTINS.has(name)
      ? { kind: 'builtin', name }
      : { kind: 'package', name };
  }
  if (local === 'src' || local.startsWith('src/')) {
    const module = stripExtension(local.slice('src/'.length));
    const layer = module.includes('/') || ROWS.has(module) ? module.split('/')[0] : undefined;
    return { kind: 'src', layer, module };
  }
  return { kind: 'outside', top: local.split('/')[0] ?? local };
}

/** `engine/index` and `engine` are the same module; `features/x/index` and `features/x` too. */
function sameModule(a: string, b: string): boolean {
  const plain = (module: string) => module.replace(/\/index$/, '');
  return plain(a) === plain(b);
}

const matches = (entries: readonly ModuleEntry[] | undefined, module: string) =>
  entries?.find((entry) => sameModule(entry.module, module));

const list = (modules: readonly ModuleEntry[]) =>
  modules
    .map((entry) => `${entry.module}${entry.byUrl ? ' by URL' : ''} (${entry.reason})`)
    .join(', ');

const subjectOf = (layer: LayerName) => (layer === 'engine' ? 'the engine' : `src/${layer}`);
const isUiFree = (layer: LayerName) =>
  layer === 'projections' || layer === 'state' || layer === 'storage';

/** A package or Node builtin against the row's packages. */
function packageRule(row: LayerRow, target: { kind: 'package' | 'builtin'; name: string }) {
  const id = `${row.layer}-imports`;
  const subject = subjectOf(row.layer);
  if (target.kind === 'builtin') {
    return row.nodeBuiltins ? undefined : `${id}: no Node builtins in ${subject}`;
  }
  if (isUiFree(row.layer) && UI_PACKAGES.includes(target.name)) {
    return `ui-free: src/${row.layer} never imports ${target.name}`;
  }
  if (row.packages === 'any' || row.packages.includes(target.name)) return undefined;
  if (row.layer === 'engine') return `${id}: the engine may only use ${ENGINE_PACKAGES.join(', ')}`;
  return row.packages.length === 0
    ? `${id}: ${subject} uses no packages`
    : `${id}: ${subject} may only use ${row.packages.join(', ')}`;
}

/** A module of another layer against the row's layers, type-only layers and single modules. */
function layerRule(row: LayerRow, to: LayerName, module: string, reference: Reference) {
  const id = `${row.layer}-imports`;
  const subject = subjectOf(row.layer);
  if (row.layer === 'engine') return `engine-isolation: engine never imports src/${to}`;
  if (isUiFree(row.layer) && UI_LAYERS.includes(to)) {
    return `ui-free: src/${row.layer} never imports src/${to}`;
  }
  const entry = matches(row.modules, module);
  if (entry?.byUrl && !reference.byUrl) {
    return `${id}: ${subject} names ${entry.module} by URL only (${entry.reason}), never imports it`;
  }
  const layerAllowed = row.imports === 'all' || row.imports.includes(to);
  if (entry === undefined && !layerAllowed) {
    if (row.typesFrom?.includes(to)) {
      if (!reference.typeOnly) {
        const through = row.imports.join(', ');
        return `${to}-types-only: ${subject} imports only types from src/${to} (import type); values come through ${through}`;
      }
    } else {
      const only = row.modules?.filter((candidate) => candidate.module.startsWith(`${to}/`)) ?? [];
      return only.length > 0
        ? `${id}: ${subject} imports src/${to} only as ${list(only)}`
        : `${id}: ${subject} never imports src/${to}`;
    }
  }
  const excluded = matches(row.except, module);
  if (excluded !== undefined) {
    return `${id}: ${subject} never imports ${excluded.module} (${excluded.reason})`;
  }
  if (to === 'engine' && !sameModule(module, 'engine') && entry === undefined) {
    return 'engine-surface: outside src/engine, import the engine as engine or engine/index only';
  }
  return undefined;
}

/** Code outside a feature reaches it through its index.ts only. */
function boundaryRule(file: string, module: string) {
  const feature = /^features\/([^/]+)/.exec(module)?.[1];
  if (feature === undefined || file.startsWith(`src/features/${feature}/`)) return undefined;
  return sameModule(module, `features/${feature}`)
    ? undefined
    : `feature-boundary: import features/${feature} through its index.ts only`;
}

/** The rule a reference breaks, as "rule: what it says", or undefined when it keeps them all. */
function brokenRule(file: string, row: LayerRow, reference: Reference): string | undefined {
  const target = targetOf(file, reference.specifier);
  if (target.kind === 'package' || target.kind === 'builtin') return packageRule(row, target);
  if (target.kind === 'outside') {
    // A URL outside src/ names a file on disk (the CLI spawns scripts/), not a module of a layer.
    if (reference.byUrl || (target.top === 'mocks' && row.mocks)) return undefined;
    if (row.layer === 'engine')
      return 'engine-imports: relative imports must stay inside src/engine';
    return `${row.layer}-imports: ${subjectOf(row.layer)} never imports ${target.top}/`;
  }
  const to = target.layer;
  if (to === undefined || !ROWS.has(to)) {
    return `${row.layer}-imports: src/${target.module} is in no layer of the table`;
  }
  if (to !== row.layer) {
    const broken = layerRule(row, to as LayerName, target.module, reference);
    if (broken !== undefined) return broken;
  }
  return boundaryRule(file, target.module);
}

/** Pure: every file checked against the layer table; one line per violation, in file order. */
export function findViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const filePath = file.path.replace(/\\/g, '/');
    const layer = layerOf(filePath);
    const row = layer === undefined ? undefined : ROWS.get(layer);
    if (row === undefined) {
      violations.push(
        `${filePath}: is in no layer (layer-table: every file under src/ is in a row)`,
      );
      continue;
    }
    const stripped = stripSource(file.source);
    for (const reference of findReferences(stripped)) {
      const rule = brokenRule(filePath, row, reference);
      const verb = reference.byUrl ? 'names' : 'imports';
      if (rule !== undefined)
        violations.push(`${filePath}: ${verb} '${reference.specifier}' (${rule})`);
    }
    if (layer === 'engine') violations.push(...engineGlobalViolations(filePath, stripped.bare));
  }
  return violations;
}
