/**
 * Where a JSON path (`$.tools[0].name`, `$["odd key"]`, as the engine's errors name them) sits in
 * the JSON text it was found in: the offset of its key (an object member) or of its value (an
 * array element, the root). Pure; it scans the text once along the path and never builds the
 * value. The text is assumed to parse (a path comes from a value that did).
 */

/** One step of a JSON path: an object key or an array index. */
export type PathStep = string | number;

/** Pure: the steps of a `$…` path as the engine writes it; null when it is not one. */
export function pathSteps(path: string): PathStep[] | null {
  if (!path.startsWith('$')) return null;
  const steps: PathStep[] = [];
  let at = 1;
  while (at < path.length) {
    const rest = path.slice(at);
    const name = /^\.([A-Za-z_$][\w$]*)/.exec(rest);
    const index = /^\[(\d+)\]/.exec(rest);
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (name) steps.push(name[1]!);
    else if (index) steps.push(Number(index[1]));
    else if (quoted) steps.push(JSON.parse(quoted[1]!) as string);
    else return null;
    at += (name ?? index ?? quoted)![0].length;
  }
  return steps;
}

const SPACE = ' \t\n\r';

/** Pure: the offset of the first character at or after `at` that is not JSON white space. */
function skipSpace(text: string, at: number): number {
  while (at < text.length && SPACE.includes(text.charAt(at))) at++;
  return at;
}

/** Pure: the offset just past the string literal that starts at `at`. */
function stringEnd(text: string, at: number): number {
  let index = at + 1;
  while (index < text.length && text.charAt(index) !== '"') {
    index += text.charAt(index) === '\\' ? 2 : 1;
  }
  return index + 1;
}

/** Pure: the offset just past the JSON value that starts at `at` (after white space). */
function valueEnd(text: string, at: number): number {
  let index = skipSpace(text, at);
  const first = text.charAt(index);
  if (first === '"') return stringEnd(text, index);
  if (first !== '{' && first !== '[') {
    while (index < text.length && !',}] \t\n\r'.includes(text.charAt(index))) index++;
    return index;
  }
  let depth = 0;
  for (; index < text.length; index++) {
    const char = text.charAt(index);
    if (char === '"') index = stringEnd(text, index) - 1;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return index;
}

/** Where one step leads: the key's offset (members) or the value's, and where its value starts. */
interface Found {
  readonly at: number;
  readonly value: number;
}

/** Pure: the member `key` of the object at `start` (the last one, as `JSON.parse` keeps it). */
function findMember(text: string, start: number, key: string): Found | null {
  let found: Found | null = null;
  let index = skipSpace(text, start + 1);
  while (index < text.length && text.charAt(index) === '"') {
    const keyEnd = stringEnd(text, index);
    const name = JSON.parse(text.slice(index, keyEnd)) as string;
    const value = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the colon
    if (name === key) found = { at: index, value };
    index = skipSpace(text, valueEnd(text, value));
    if (text.charAt(index) !== ',') break;
    index = skipSpace(text, index + 1);
  }
  return found;
}

/** Pure: element `position` of the array at `start`. */
function findElement(text: string, start: number, position: number): Found | null {
  let index = skipSpace(text, start + 1);
  if (text.charAt(index) === ']') return null;
  for (let count = 0; index < text.length; count++) {
    if (count === position) return { at: index, value: index };
    index = skipSpace(text, valueEnd(text, index));
    if (text.charAt(index) !== ',') return null;
    index = skipSpace(text, index + 1);
  }
  return null;
}

/** Where a path was found: its offset, and whether the text holds the whole path or a prefix. */
export interface PathPosition {
  /** UTF-16 offset of the path's key (or value), or of the deepest part of it the text holds. */
  readonly offset: number;
  /** False when the path leads past what the text holds (a missing key): `offset` is its parent. */
  readonly exact: boolean;
}

/**
 * Pure: the offset of `path` in the JSON `text`: its key for an object member, its value for an
 * array element or the root. A path the text does not hold whole (a missing key) gives the
 * deepest part it holds, `exact: false`. Null when `path` is not a JSON path.
 */
export function locatePath(text: string, path: string): PathPosition | null {
  const steps = pathSteps(path);
  if (!steps) return null;
  let at = skipSpace(text, text.startsWith('\uFEFF') ? 1 : 0);
  let value = at;
  for (const step of steps) {
    const open = text.charAt(value);
    const found =
      typeof step === 'number'
        ? open === '['
          ? findElement(text, value, step)
          : null
        : open === '{'
          ? findMember(text, value, step)
          : null;
    if (!found) return { offset: at, exact: false };
    at = found.at;
    value = found.value;
  }
  return { offset: at, exact: true };
}
