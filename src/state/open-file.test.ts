import { describe, expect, it } from 'vitest';
import { FileError, runScenario, scenarioConfig, toNativeTraceJson, toTraceJson } from '../engine';
import { builtinScenarios } from '../scenarios';
import { libraryExportJson } from './library-export';
import { readableScenarios } from './kept-scenarios';
import { openText, type OpenContext } from './open-file';
import { recordOfTrace } from './run-record';

const scenarios = builtinScenarios();
const shop = scenarios.find((scenario) => scenario.id === 'shopops-happy')!;
let ids = 0;
const context: OpenContext = {
  scenarios,
  builtinIds: new Set(scenarios.map((scenario) => scenario.id)),
  newId: () => `opened-${++ids}`,
  now: () => 1_700_000_000_000,
};
const run = (overrides = {}) => runScenario(shop, scenarioConfig(shop, overrides));

function refusal(text: string, name = 'x.json', given: OpenContext = context): FileError {
  try {
    openText(text, name, given);
  } catch (error) {
    if (error instanceof FileError) return error;
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('opening a file', () => {
  it('a `loop run --json` trace is a run of its built-in scenario, named by the file', async () => {
    const trace = await run({ mode: 'reflact', seed: 4 });
    const opened = openText(JSON.stringify(toTraceJson(trace)), 'shop.json', context);
    expect(opened.kind).toBe('run');
    if (opened.kind !== 'run') return;
    expect(opened.record.origin).toEqual({ kind: 'imported', source: 'shop.json' });
    expect(opened.record.scenario.id).toBe('shopops-happy');
    expect(opened.record.trace?.steps).toEqual(trace.steps);
    expect(opened.record.overrides).toMatchObject({ mode: 'reflact', seed: 4 });
    expect(opened.newScenario).toBeNull();
  });

  it("a native file of a user's scenario brings the scenario with it", async () => {
    const trace = await run();
    const mine = { ...shop, id: 'my-shop' };
    const native = toNativeTraceJson({ ...trace, scenario: 'my-shop' }, mine);
    const opened = openText(JSON.stringify(native), 'mine.loopscope.json', context);
    expect(opened.kind === 'run' && opened.newScenario?.id).toBe('my-shop');
  });

  it('a trace of a scenario nobody here has says to open its scenario first', async () => {
    const json = { ...toTraceJson(await run()), scenario: 'elsewhere' };
    const error = refusal(JSON.stringify(json));
    expect(error.message).toMatch(
      /"elsewhere", which is neither built in nor one of your scenarios/,
    );
  });

  it("a scenario file is the user's own; one taking a built-in's id is refused", () => {
    const mine = JSON.stringify({ ...shop, id: 'my-shop', title: 'Mine' });
    const opened = openText(mine, 'mine.json', context);
    expect(opened.kind === 'scenario' && opened.kept).toMatchObject({
      id: 'my-shop',
      source: mine,
    });
    expect(refusal(JSON.stringify(shop)).message).toMatch(/id of a built-in scenario/);
  });

  it('a library export comes back with its labels; a running run comes back interrupted', async () => {
    const trace = await run();
    const done = recordOfTrace(trace, {
      id: 'a',
      scenario: shop,
      origin: { kind: 'live' },
      startedAt: 5,
    });
    const running = { ...done, id: 'b', status: 'running' as const };
    const file = libraryExportJson(
      [
        { record: done, label: { name: 'first', pinned: true } },
        { record: running, label: {} },
      ],
      [{ id: 'my-shop', source: '{}', savedAt: 1 }],
      9,
    );
    const opened = openText(JSON.stringify(file), 'library.json', context);
    expect(opened.kind).toBe('library');
    if (opened.kind !== 'library') return;
    expect(opened.runs.map(({ record }) => record.status)).toEqual(['done', 'interrupted']);
    expect(opened.runs[0]!.label).toEqual({ name: 'first', pinned: true });
    expect(opened.runs[0]!.record.trace).toEqual(trace);
    expect(opened.scenarios).toEqual([{ id: 'my-shop', source: '{}', savedAt: 1 }]);
  });

  it('a bad run inside a library export is named by its path; a later version says so', async () => {
    const record = recordOfTrace(await run(), {
      id: 'a',
      scenario: shop,
      origin: { kind: 'live' },
      startedAt: 5,
    });
    const file = libraryExportJson([{ record, label: {} }], [], 9) as {
      runs: Record<string, unknown>[];
    };
    const broken = { ...file, runs: [{ ...file.runs[0], startedAt: 'yesterday' }] };
    expect(refusal(JSON.stringify(broken)).message).toMatch(
      /\$\.runs\[0\]\.startedAt: expected a time/,
    );
    const later = { ...file, version: 7 };
    expect(refusal(JSON.stringify(later))).toMatchObject({ code: 'newer_version' });
  });

  it('another Loopscope format is named; text that is not JSON changes nothing', () => {
    expect(refusal('{"format":"loopscope.future"}').message).toMatch(/loopscope\.future/);
    expect(refusal('hello', 'notes.txt').message).toMatch(/^notes\.txt: not JSON/);
  });

  it('kept scenarios read back; one whose text no longer reads is left out', () => {
    const kept = [
      { id: 'my-shop', source: JSON.stringify({ ...shop, id: 'my-shop' }), savedAt: 1 },
      { id: 'broken', source: '{"id": ', savedAt: 2 },
    ];
    expect(readableScenarios(kept).map((scenario) => scenario.id)).toEqual(['my-shop']);
  });
});
