import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine';
import { genAiLoop, otlpRequest } from '../engine/otel/fixtures/build';
import { builtinScenarios } from '../scenarios';
import { libraryExportJson, readLibraryExport } from './library-export';
import { openText, type OpenContext } from './open-file';

const scenarios = builtinScenarios();
const context: OpenContext = {
  scenarios,
  builtinIds: new Set(scenarios.map((scenario) => scenario.id)),
  newId: () => 'opened-1',
  now: () => 1_700_000_000_000,
};

describe("opening another tool's trace", () => {
  const opened = openText(JSON.stringify(otlpRequest(genAiLoop())), 'agent.json', context);
  if (opened.kind !== 'run') throw new Error(`expected a run, got ${opened.kind}`);
  const { record } = opened;

  it('is a recorded run named by the file and the format detected', () => {
    expect(record.origin).toEqual({ kind: 'imported', source: 'agent.json (OTLP/JSON)' });
    expect(record.status).toBe('done');
    expect(record.trace?.steps).toHaveLength(2);
    expect(opened.newScenario).toBeNull();
  });

  it('holds a valid scenario and its span tree with what was not mapped', () => {
    expect(parseScenario(record.scenario)).toEqual(record.scenario);
    expect(record.imported?.formatLabel).toBe('OTLP/JSON');
    expect(record.imported?.spans).toHaveLength(4);
    expect(record.imported?.unmapped.map((span) => span.type)).toEqual(['agent']);
  });

  it('keeps the span tree through a library export and back', () => {
    const json = libraryExportJson([{ record, label: {} }], [], 1);
    const [back] = readLibraryExport(JSON.parse(JSON.stringify(json)), 'library.json').runs;
    expect(back?.record.imported).toEqual(record.imported);
    expect(back?.record.trace?.steps).toEqual(record.trace?.steps);
  });
});
