/**
 * A Langfuse trace export into the span model: `{trace, observations}` (the UI's download, whose
 * `trace.observations` may list the same observations again, without input and output) or a
 * trace object with its `observations`. Observations listed twice are merged into one span (the
 * fuller copy's fields win). `metadata` may be a JSON string holding the original OpenTelemetry
 * `attributes`, `resourceAttributes` and `scope`. Pure.
 */
import { normaliseId } from './ids';
import type { AttrValue, Attributes, ForeignSpan, NoteLog } from './model';
import { nsOfIso } from './times';
import { parsedJson } from './values';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listAt = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

const isObservation = (value: unknown): boolean =>
  isObject(value) && typeof value['id'] === 'string' && typeof value['type'] === 'string';

/** Pure: is this a Langfuse trace export? */
export function isLangfuse(value: unknown): boolean {
  if (!isObject(value)) return false;
  const top = listAt(value['observations']);
  const nested = isObject(value['trace']) ? listAt(value['trace']['observations']) : [];
  return [...top, ...nested].some(isObservation);
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

function usage(observation: Json, key: 'input' | 'output'): number | null {
  const direct = count(observation[`${key}Usage`]);
  if (direct !== null) return direct;
  const details = parsedJson(observation['usageDetails'] ?? observation['usage']);
  return isObject(details) ? count(details[key]) : null;
}

/** Pure: later copies fill what earlier ones left null or empty. */
function merge(a: Json, b: Json): Json {
  const out: Json = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === null || mine === undefined || mine === '' || mine === '{}' || mine === '[]') {
      out[key] = value;
    }
  }
  return out;
}

function spanOf(observation: Json, traceId: string): ForeignSpan {
  const metadata = parsedJson(observation['metadata']);
  const meta = isObject(metadata) ? metadata : {};
  const attributes = (isObject(meta['attributes']) ? meta['attributes'] : {}) as Attributes;
  const resource = isObject(meta['resourceAttributes']) ? meta['resourceAttributes'] : {};
  const scope = isObject(meta['scope']) ? meta['scope']['name'] : null;
  const level = observation['level'];
  return {
    traceId: normaliseId(observation['traceId'], 32) ?? traceId,
    spanId: normaliseId(observation['id'], 16) ?? '',
    parentId: normaliseId(observation['parentObservationId'], 16),
    name: typeof observation['name'] === 'string' ? observation['name'] : '',
    kind: null,
    startNs: nsOfIso(observation['startTime']),
    endNs: nsOfIso(observation['endTime']),
    attributes: attributes as Record<string, AttrValue>,
    events: [],
    status: {
      error: level === 'ERROR',
      message: typeof observation['statusMessage'] === 'string' ? observation['statusMessage'] : '',
    },
    service: typeof resource['service.name'] === 'string' ? resource['service.name'] : null,
    scope: typeof scope === 'string' ? scope : null,
    backend: {
      type: typeof observation['type'] === 'string' ? observation['type'].toUpperCase() : null,
      input: parsedJson(observation['input']),
      output: parsedJson(observation['output']),
      model: typeof observation['model'] === 'string' ? observation['model'] : null,
      promptTokens: usage(observation, 'input'),
      completionTokens: usage(observation, 'output'),
    },
  };
}

/** Pure: the observations of a Langfuse export as spans, each once. */
export function readLangfuse(value: Json, notes: NoteLog): ForeignSpan[] {
  const trace = isObject(value['trace']) ? value['trace'] : value;
  const traceId = normaliseId(trace['id'], 32) ?? '';
  const all = [
    ...listAt(value['observations']),
    ...listAt(isObject(value['trace']) ? value['trace']['observations'] : []),
  ];
  const byId = new Map<string, Json>();
  let repeated = 0;
  for (const observation of all) {
    if (!isObservation(observation)) continue;
    const id = (observation as Json)['id'] as string;
    const known = byId.get(id);
    if (known) repeated++;
    byId.set(id, known ? merge(known, observation as Json) : (observation as Json));
  }
  if (repeated > 0) {
    notes.add(
      'duplicate_span',
      `${repeated} observation${repeated === 1 ? ' was' : 's were'} listed twice in the export; each is shown once`,
    );
  }
  return [...byId.values()].map((observation) => spanOf(observation, traceId));
}
