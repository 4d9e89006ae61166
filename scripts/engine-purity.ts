/**
 * The engine's purity rule: no time, randomness, storage or I/O from globals (they are injected).
 * Pure: reads a file's `bare` text (comments and literal contents blanked by `stripSource`).
 */

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

/** Pure: one line per forbidden global an engine file uses (`bare`: comments, literals blanked). */
export function engineGlobalViolations(file: string, bare: string): string[] {
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
