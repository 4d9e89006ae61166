/**
 * Layer rules of docs/architecture.md, checked from import statements.
 * Pure: give it `{ path, source }` pairs (paths relative to the repo root, `/`-separated)
 * and it returns one line per violation, "file: imports 'x' (rule)".
 */
import path from 'node:path';

export interface SourceFile {
  /** Repo-relative path, e.g. `src/engine/loop.ts`. */
  readonly path: string;
  readonly source: string;
}

/** Packages the engine may use (it runs headless, in the browser and in the CLI). */
export const ENGINE_PACKAGES: readonly string[] = [
  'zod',
  'minisearch',
  'gpt-tokenizer',
  'eventsource-parser',
];

/** Layers the engine must never reach into. */
const ENGINE_FORBIDDEN_LAYERS = ['app', 'features', 'state', 'projections', 'components', 'cli'];

/** Layers projections and state must never reach into. */
const UI_FREE_FORBIDDEN_LAYERS = ['features', 'app', 'components'];
const UI_PACKAGES = ['react', 'react-dom', '@xyflow/react'];

/**
 * Globals the engine must not touch: time, randomness, storage and I/O are injected.
 * `bareName` marks identifiers that may also appear as an object key, an interface member
 * or a method name (`setTimeout(fn, ms): Handle;` in a Clock interface is fine).
 */
const ENGINE_FORBIDDEN_GLOBALS: readonly { name: string; pattern: RegExp; bareName?: boolean }[] = [
  { name: 'window', pattern: /(?<![\w$.])window\s*(?:\?\.|\.|\[)|(?<![\w$.])typeof\s+window\b/g },
  {
    name: 'document',
    pattern: /(?<![\w$.])document\s*(?:\?\.|\.|\[)|(?<![\w$.])typeof\s+document\b/g,
  },
  { name: 'localStorage', pattern: /(?<![\w$.])localStorage\b/g, bareName: true },
  { name: 'sessionStorage', pattern: /(?<![\w$.])sessionStorage\b/g, bareName: true },
  { name: 'Date.now', pattern: /(?<![\w$.])Date\s*\.\s*now\b/g },
  { name: 'performance.now', pattern: /(?<![\w$.])performance\s*\.\s*now\b/g },
  { name: 'Math.random', pattern: /(?<![\w$.])Math\s*\.\s*random\b/g },
  { name: 'setTimeout', pattern: /(?<![\w$.])setTimeout\b/g, bareName: true },
  { name: 'fetch', pattern: /(?<![\w$.])fetch\s*\(/g, bareName: true },
  {
    name: 'globalThis',
    pattern:
      /(?<![\w$.])(?:globalThis|self)\s*(?:\?\.|\.)\s*(?:window|document|localStorage|sessionStorage|setTimeout|fetch|Date|performance|Math)\b/g,
  },
];

export interface StrippedSource {
  /** Comments blanked; string contents kept (for import specifiers). */
  readonly code: string;
  /** Comments, string, template and regex literal contents blanked (for global-use checks). */
  readonly bare: string;
}

const REGEX_PRECEDERS = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
const REGEX_KEYWORDS = /\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/**
 * Roughly strip comments (and, for `bare`, literal contents) from TS/JS source.
 * Newlines are preserved so positions stay comparable; it is a scanner, not a parser.
 */
export function stripSource(source: string): StrippedSource {
  let code = '';
  let bare = '';
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const emit = (text: string, keepInCode: boolean, keepInBare: boolean) => {
    code += keepInCode ? text : blank(text);
    bare += keepInBare ? text : blank(text);
  };
  /** Brace depth of each open `${` inside template literals. */
  const templateStack: number[] = [];
  let braceDepth = 0;
  let i = 0;
  const n = source.length;

  /** The code just before the current position, trailing whitespace dropped. */
  const lastSignificant = (): string => code.slice(-200).trimEnd();

  const scanTemplateBody = () => {
    // At a template character position (after ` or after the } closing a ${...}).
    let j = i;
    while (j < n) {
      const c = source[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === '`') {
        emit(source.slice(i, j), true, false);
        emit('`', true, true);
        i = j + 1;
        return;
      }
      if (c === '$' && source[j + 1] === '{') {
        emit(source.slice(i, j), true, false);
        emit('${', true, true);
        i = j + 2;
        templateStack.push(braceDepth);
        braceDepth += 1;
        return;
      }
      j += 1;
    }
    emit(source.slice(i), true, false);
    i = n;
  };

  while (i < n) {
    const c = source[i] as string;
    const next = source[i + 1];

    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      emit(source.slice(i, stop), false, false);
      i = stop;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      emit(source.slice(i, stop), false, false);
      i = stop;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      const stop = Math.min(j + 1, n);
      emit(c, true, true);
      emit(source.slice(i + 1, j), true, false);
      if (j < n && source[j] === c) emit(c, true, true);
      i = stop;
      continue;
    }
    if (c === '`') {
      emit('`', true, true);
      i += 1;
      scanTemplateBody();
      continue;
    }
    if (c === '/') {
      const before = lastSignificant();
      const prevChar = before.slice(-1);
      if (REGEX_PRECEDERS.has(prevChar) || REGEX_KEYWORDS.test(before)) {
        let j = i + 1;
        let inClass = false;
        while (j < n && source[j] !== '\n') {
          const d = source[j];
          if (d === '\\') {
            j += 2;
            continue;
          }
          if (d === '[') inClass = true;
          else if (d === ']') inClass = false;
          else if (d === '/' && !inClass) break;
          j += 1;
        }
        if (j < n && source[j] === '/') {
          emit('/', true, true);
          emit(source.slice(i + 1, j), true, false);
          emit('/', true, true);
          i = j + 1;
          continue;
        }
      }
      emit(c, true, true);
      i += 1;
      continue;
    }
    if (c === '{') {
      braceDepth += 1;
    } else if (c === '}') {
      braceDepth -= 1;
      if (templateStack.length > 0 && templateStack[templateStack.length - 1] === braceDepth) {
        templateStack.pop();
        emit('}', true, true);
        i += 1;
        scanTemplateBody();
        continue;
      }
    }
    emit(c, true, true);
    i += 1;
  }
  return { code, bare };
}

/**
 * Every module specifier a file imports: static, type-only, re-exports, side-effect and dynamic.
 * Statements are matched in `bare` (so text inside strings never looks like an import) and
 * the specifier is read back from `code` at the same position.
 */
export function findImports({ code, bare }: StrippedSource): string[] {
  const patterns = [
    // import x from '...'; import type { X } from '...'; import * as x from '...'
    /(?<![\w$.])import\s+(?!\()(?:type\s+)?[^'"`;]*?\bfrom\s*(['"])([^'"\n]*)\1/dg,
    // import '...';
    /(?<![\w$.])import\s*(['"])([^'"\n]*)\1/dg,
    // export * from '...'; export { x } from '...'; export type { X } from '...'
    /(?<![\w$.])export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]*)\1/dg,
    // import('...'), also `import('...').Type` in type positions
    /(?<![\w$.])import\s*\(\s*(['"`])([^'"`\n]*)\1\s*[,)]/dg,
  ];
  const found: { index: number; specifier: string }[] = [];
  for (const pattern of patterns) {
    for (const match of bare.matchAll(pattern)) {
      const span = match.indices?.[2];
      if (span === undefined) continue;
      found.push({ index: span[0], specifier: code.slice(span[0], span[1]).trim() });
    }
  }
  return found.sort((a, b) => a.index - b.index).map((entry) => entry.specifier);
}

/** `src/<layer>/...` → layer; anything else → undefined. */
function layerOf(file: string): string | undefined {
  const match = /^src\/([^/]+)\//.exec(file);
  return match?.[1];
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isRelative(specifier: string): boolean {
  return (
    specifier === '.' ||
    specifier === '..' ||
    specifier.startsWith('./') ||
    specifier.startsWith('../')
  );
}

/** Resolve an import to a repo-relative path (extension as written), or undefined for packages. */
function resolveLocal(from: string, specifier: string): string | undefined {
  if (isRelative(specifier))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (specifier.startsWith('/src/')) return specifier.slice(1);
  if (specifier.startsWith('src/')) return specifier;
  return undefined;
}

function stripExtension(file: string): string {
  return file.replace(/\.(?:tsx?|jsx?|mts|cts|mjs|cjs)$/, '');
}

/** `src/features/X/...` → X. */
function featureOf(file: string): string | undefined {
  const match = /^src\/features\/([^/]+)(?:\/|$)/.exec(file);
  return match?.[1];
}

/** Does the file bind `name` itself (so a use is local, not the global)? Rough. */
function declaresLocally(bare: string, name: string): boolean {
  const id = name.replace(/[$]/g, '\\$');
  return new RegExp(
    String.raw`\b(?:const|let|var|function|class)\s+${id}\b` +
      String.raw`|\b(?:const|let|var)\s*[{[][^=;]*(?<![\w$.])${id}\s*[,}\]=]` +
      String.raw`|\bimport\s+(?:type\s+)?\{[^}]*(?<![\w$])${id}\s*[,}]` +
      String.raw`|\bimport\s+${id}\b` +
      String.raw`|[(,]\s*(?:readonly\s+)?${id}\s*\??\s*:(?!:)`,
  ).test(bare);
}

/**
 * Is the identifier at `index` a declaration rather than a use: an object key or interface
 * member (`name:`), or a method definition / signature (`name(...) {` / `name(...): T`)?
 */
function isMemberName(bare: string, index: number, name: string): boolean {
  const after = index + name.length;
  if (/^\s*\??\s*:(?!:)/.test(bare.slice(after, after + 20))) return true;
  const lineStart = bare.lastIndexOf('\n', index) + 1;
  const before = bare.slice(lineStart, index);
  if (!/^\s*(?:(?:public|private|protected|static|async|override|readonly)\s+)*$/.test(before)) {
    return false;
  }
  const open = bare.indexOf('(', after);
  if (open === -1 || bare.slice(after, open).trim() !== '') return false;
  let depth = 0;
  for (let j = open; j < bare.length; j += 1) {
    if (bare[j] === '(') depth += 1;
    else if (bare[j] === ')') {
      depth -= 1;
      if (depth === 0) return /^\s*[:{]/.test(bare.slice(j + 1, j + 20));
    }
  }
  return false;
}

function engineGlobalViolations(file: string, bare: string): string[] {
  const found: string[] = [];
  for (const { name, pattern, bareName } of ENGINE_FORBIDDEN_GLOBALS) {
    const root = name.split('.')[0] as string;
    if (name !== 'globalThis' && declaresLocally(bare, root)) continue;
    for (const match of bare.matchAll(pattern)) {
      if (bareName && isMemberName(bare, match.index, name)) continue;
      const used = name === 'globalThis' ? match[0].replace(/\s+/g, '') : name;
      found.push(
        `${file}: uses '${used}' (engine-purity: time, randomness, storage and I/O are injected)`,
      );
      break;
    }
  }
  return found;
}

function importViolations(file: string, specifier: string): string[] {
  const found: string[] = [];
  const layer = layerOf(file);
  const target = resolveLocal(file, specifier);
  const targetLayer = target === undefined ? undefined : layerOf(`${target}/`);
  const report = (rule: string) => found.push(`${file}: imports '${specifier}' (${rule})`);

  if (layer === 'engine') {
    if (target !== undefined) {
      if (targetLayer !== undefined && ENGINE_FORBIDDEN_LAYERS.includes(targetLayer)) {
        report(`engine-isolation: engine never imports src/${targetLayer}`);
      } else if (!(target + '/').startsWith('src/engine/')) {
        report('engine-imports: relative imports must stay inside src/engine');
      }
    } else if (specifier.startsWith('node:')) {
      report('engine-imports: no Node builtins in the engine');
    } else if (!ENGINE_PACKAGES.includes(packageName(specifier))) {
      report(`engine-imports: the engine may only use ${ENGINE_PACKAGES.join(', ')}`);
    }
  }

  if (layer === 'projections' || layer === 'state') {
    if (target === undefined && UI_PACKAGES.includes(packageName(specifier))) {
      report(`ui-free: src/${layer} never imports ${packageName(specifier)}`);
    }
    if (targetLayer !== undefined && UI_FREE_FORBIDDEN_LAYERS.includes(targetLayer)) {
      report(`ui-free: src/${layer} never imports src/${targetLayer}`);
    }
  }

  if (target !== undefined) {
    const feature = featureOf(target + '/');
    if (feature !== undefined && featureOf(file) !== feature) {
      const rest = stripExtension(target).slice(`src/features/${feature}`.length);
      if (rest !== '' && rest !== '/' && rest !== '/index') {
        report(`feature-boundary: import features/${feature} through its index.ts only`);
      }
    }
  }
  return found;
}

/** Check every file against the layer rules; returns one line per violation. */
export function findViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const filePath = file.path.replace(/\\/g, '/');
    const stripped = stripSource(file.source);
    for (const specifier of findImports(stripped)) {
      violations.push(...importViolations(filePath, specifier));
    }
    if (layerOf(filePath) === 'engine') {
      violations.push(...engineGlobalViolations(filePath, stripped.bare));
    }
  }
  return violations;
}
