/**
 * Hostile input to the library file reader: a library export (runs with their traces, a foreign
 * import's span tree, kept scenarios) mutated by fast-check and opened as a file. It opens or
 * gives its one FileError, and pollutes no prototype.
 */
import fc from 'fast-check';
import { afterEach, describe, it } from 'vitest';
import { FileError, runScenario, scenarioConfig } from '../engine';
import { genAiLoop, otlpRequest } from '../engine/otel/fixtures/build';
import { expectNoPollution, mutatedOf } from '../engine/files/fixtures/mutate.test-support';
import { builtinScenarios } from '../scenarios';
import { libraryExportJson, readLibraryExport } from './library-export';
import { openText, type OpenContext } from './open-file';
import { recordOfTrace } from './run-record';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
const scenarios = builtinScenarios();
const shop = scenarios.find((scenario) => scenario.id === 'shopops-happy')!;
const context: OpenContext = {
  scenarios,
  builtinIds: new Set(scenarios.map((scenario) => scenario.id)),
  newId: () => 'opened-1',
  now: () => 1_700_000_000_000,
};

const live = recordOfTrace(await runScenario(shop, scenarioConfig(shop)), {
  id: 'a',
  scenario: shop,
  origin: { kind: 'live' },
  startedAt: 5,
});
const foreign = openText(JSON.stringify(otlpRequest(genAiLoop())), 'agent.json', context);
const imported = foreign.kind === 'run' ? foreign.record : live;
const library = JSON.parse(
  JSON.stringify(
    libraryExportJson(
      [
        { record: live, label: { name: 'first', pinned: true } },
        { record: imported, label: {} },
      ],
      [{ id: 'my-shop', source: JSON.stringify(shop), savedAt: 1 }],
      9,
    ),
  ),
) as unknown;

afterEach(expectNoPollution);

/** Runs `open`; a throw must be a FileError. */
function opensOrRefuses(open: () => unknown): void {
  try {
    open();
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
  }
  expectNoPollution();
}

describe('the library file reader on mutated exports', () => {
  it('reads the value or throws one FileError', () => {
    fc.assert(
      fc.property(mutatedOf({ library }), ({ value }) => {
        opensOrRefuses(() => readLibraryExport(value, 'library.json'));
      }),
      { numRuns: RUNS },
    );
  });

  it('opens the file text or throws one FileError', () => {
    fc.assert(
      fc.property(mutatedOf({ library }), ({ value }) => {
        opensOrRefuses(() => openText(JSON.stringify(value), 'library.json', context));
      }),
      { numRuns: RUNS },
    );
  });
});
