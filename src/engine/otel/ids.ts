/**
 * Span and trace ids, whatever a file wrote: lower-case hex (OTLP/JSON, Jaeger), base64 (the
 * protobuf JSON mapping many exporters use), decimal integers (the Python SDK's ints, kept exact
 * by `lossless-json.ts`), `0x` hex, or any other string (kept as it is). Pure.
 */

const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DECIMAL = /^\d+$/;

function hexOfBytes(bytes: readonly number[]): string {
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Pure: the bytes of a base64 string, or null when it is not base64. */
function base64Bytes(text: string): number[] | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/=+$/, '')) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** How ids of one format are written: `decimal` for the SDK's integers. */
export type IdStyle = 'otlp' | 'decimal';

/**
 * Pure: one id as a string. `width` is the hex width of a full id (32 for a trace, 16 for a
 * span). An empty or missing id is null (the caller gives a synthetic one and says so).
 */
export function normaliseId(raw: unknown, width: 16 | 32, style: IdStyle = 'otlp'): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw) || raw < 0) return String(raw);
    return BigInt(raw).toString(16).padStart(width, '0');
  }
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text === '') return null;
  if (/^0x[0-9a-f]+$/i.test(text)) return text.slice(2).toLowerCase().padStart(width, '0');
  if (style === 'decimal' && DECIMAL.test(text)) {
    return BigInt(text).toString(16).padStart(width, '0');
  }
  if (HEX.test(text) && (text.length === 16 || text.length === 32)) return text.toLowerCase();
  const bytes = base64Bytes(text);
  if (bytes && (bytes.length === 8 || bytes.length === 16)) return hexOfBytes(bytes);
  return text;
}

/** Pure: an all-zero id means "no parent" in OTLP. */
export const isZeroId = (id: string): boolean => /^0+$/.test(id);
