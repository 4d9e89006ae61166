/**
 * Reads what a TS/TSX file refers to: a scanner (not a parser) that blanks comments and literals,
 * then finds import statements, re-exports, dynamic imports and worker URLs. Pure.
 */

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

/** One module a file refers to, in source order. */
export interface Reference {
  readonly specifier: string;
  /** `import type`, `export type`, or `import('…')` in a type position: erased when compiled. */
  readonly typeOnly: boolean;
  /** `new URL('…', import.meta.url)`: a file the bundler emits (a worker entry); no import. */
  readonly byUrl: boolean;
}

const REFERENCE_PATTERNS: readonly { pattern: RegExp; kind: 'static' | 'dynamic' | 'url' }[] = [
  // import x from '...'; import type { X } from '...'; import * as x from '...'
  {
    pattern: /(?<![\w$.])import\s+(?!\()(type\s+)?[^'"`;]*?\bfrom\s*(['"])([^'"\n]*)\2/dg,
    kind: 'static',
  },
  // import '...';
  { pattern: /(?<![\w$.])import\s*()(['"])([^'"\n]*)\2/dg, kind: 'static' },
  // export * from '...'; export { x } from '...'; export type { X } from '...'
  {
    pattern:
      /(?<![\w$.])export\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]*)\2/dg,
    kind: 'static',
  },
  // import('...'), also `import('...').Type` in type positions
  { pattern: /(?<![\w$.])import\s*\(()\s*(['"`])([^'"`\n]*)\2\s*[,)]/dg, kind: 'dynamic' },
  // new URL('...', import.meta.url)
  {
    pattern: /(?<![\w$.])new\s+URL\s*\(()\s*(['"`])([^'"`\n]*)\2\s*,\s*import\.meta\.url\b/dg,
    kind: 'url',
  },
];

/** `typeof import('x')` or `import('x').Name` (not `.then`): a type, not a module load. */
function isTypePosition(bare: string, start: number, end: number): boolean {
  if (/\btypeof\s*$/.test(bare.slice(Math.max(0, start - 20), start))) return true;
  const after = /^\s*\)\s*\.\s*([\w$]+)/.exec(bare.slice(end, end + 60));
  return after !== null && !['then', 'catch', 'finally'].includes(after[1] ?? '');
}

/**
 * Pure: every module a file refers to (static, type-only, re-exports, side-effect, dynamic and
 * worker URLs), in source order. Statements are matched in `bare` (so text inside strings never
 * looks like an import) and the specifier is read back from `code` at the same position.
 */
export function findReferences({ code, bare }: StrippedSource): Reference[] {
  const found: (Reference & { index: number })[] = [];
  for (const { pattern, kind } of REFERENCE_PATTERNS) {
    for (const match of bare.matchAll(pattern)) {
      const span = match.indices?.[3];
      if (span === undefined) continue;
      const typeOnly =
        kind === 'static'
          ? match[1] !== undefined && match[1] !== ''
          : kind === 'dynamic' && isTypePosition(bare, match.index, span[1] + 1);
      const specifier = code.slice(span[0], span[1]).trim();
      found.push({ index: span[0], specifier, typeOnly, byUrl: kind === 'url' });
    }
  }
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ specifier, typeOnly, byUrl }) => ({ specifier, typeOnly, byUrl }));
}

/** Pure: every specifier a file imports (static, type-only, re-export, side-effect, dynamic). */
export function findImports(stripped: StrippedSource): string[] {
  return findReferences(stripped)
    .filter((reference) => !reference.byUrl)
    .map((reference) => reference.specifier);
}
