/** JSON helpers shared by the executor and the guards: canonical serialisation and value equality. */

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Pure: JSON text with object keys sorted (code-unit order) at every depth, so equal values give
 * equal strings. Follows JSON.stringify otherwise: `toJSON` is honoured, undefined, functions and
 * symbols are dropped from objects and become `null` in arrays, non-finite numbers become `null`.
 * A top-level value JSON cannot express yields `"null"`; cycles and bigints throw a TypeError.
 */
export function canonicalJson(value: unknown): string {
  return write(value, []) ?? 'null';
}

function write(value: unknown, stack: object[]): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : writeObject(value, stack);
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form.');
    default:
      return undefined;
  }
}

function writeObject(value: object, stack: object[]): string | undefined {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return write(toJSON.call(value), stack);
  if (stack.includes(value)) throw new TypeError('canonicalJson: the value is circular.');
  stack.push(value);
  let out: string;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) parts.push(write(item, stack) ?? 'null');
    out = `[${parts.join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    const parts: string[] = [];
    for (const key of keys) {
      const text = write(record[key], stack);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
    }
    out = `{${parts.join(',')}}`;
  }
  stack.pop();
  return out;
}

/**
 * Pure: structural equality of JSON-like values. Primitives compare with `===` (strings exactly);
 * arrays by length and position; plain objects by the same own keys with equal values.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) {
    if (!hasOwn.call(right, key) || !deepEqual(left[key], right[key])) return false;
  }
  return true;
}
