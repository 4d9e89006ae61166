/**
 * `loop run|open --html FILE` through the real entry point, on a small template named by
 * LOOPSCOPE_SHARE_TEMPLATE (the real one is built by Vite; e2e/share.spec.ts opens it).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';
import { readTraceText } from '../engine';
import { BUILTIN_FILES } from '../scenarios';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT = 30_000;
const TEMPLATE = [
  '<!doctype html><html><head><title>fake</title></head><body>',
  '<script type="application/json" id="loopscope-run">null</script>',
  '</body></html>',
].join('\n');

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function loop(template: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      ...cliCommand([...args]),
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', LOOPSCOPE_SHARE_TEMPLATE: template },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The run element's text in a written page. */
function runText(page: string): string {
  const open = '<script type="application/json" id="loopscope-run">';
  const start = page.indexOf(open) + open.length;
  return page.slice(start, page.indexOf('</script>', start));
}

let dir: string;
let template: string;
const inDir = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-cli-share-'));
  template = inDir('template.html');
  writeFileSync(template, TEMPLATE);
});

describe('loop run <scenario> --html FILE', () => {
  it(
    'writes the template with the run as --out writes it (Trace JSON v2 with its scenario)',
    async () => {
      const result = await loop(
        template,
        'run',
        'shopops-happy',
        '--out',
        inDir('run.loopscope.json'),
        '--html',
        inDir('run.html'),
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('stop: answer');
      const page = readFileSync(inDir('run.html'), 'utf8');
      const native = readFileSync(inDir('run.loopscope.json'), 'utf8');
      expect(JSON.parse(runText(page))).toEqual(JSON.parse(native));
      expect(page.replace(runText(page), 'null')).toBe(TEMPLATE);
      expect(readTraceText(runText(page)).scenario?.id).toBe('shopops-happy');
    },
    TIMEOUT,
  );
});

describe('loop open FILE --html FILE', () => {
  it(
    'writes the same page from a native file, and from a v1 trace of a built-in',
    async () => {
      const run = await loop(
        template,
        'run',
        'rca-search-stall',
        '--json',
        '--out',
        inDir('rca.loopscope.json'),
        '--html',
        inDir('rca-run.html'),
      );
      expect(run.code).toBe(0);
      writeFileSync(inDir('rca-v1.json'), run.stdout);

      const native = await loop(
        template,
        'open',
        inDir('rca.loopscope.json'),
        '--html',
        inDir('rca-open.html'),
      );
      expect(native.code).toBe(0);
      expect(readFileSync(inDir('rca-open.html'), 'utf8')).toBe(
        readFileSync(inDir('rca-run.html'), 'utf8'),
      );

      const v1 = await loop(template, 'open', inDir('rca-v1.json'), '--html', inDir('v1.html'));
      expect(v1.code).toBe(0);
      const fromV1 = readTraceText(runText(readFileSync(inDir('v1.html'), 'utf8')));
      const fromRun = readTraceText(runText(readFileSync(inDir('rca-run.html'), 'utf8')));
      expect(fromV1.scenario).toEqual(fromRun.scenario);
      expect(fromV1.trace.steps).toEqual(fromRun.trace.steps);
    },
    TIMEOUT * 2,
  );

  it(
    'refuses a scenario file in one line, exit 2',
    async () => {
      const scenario = inDir('mine.json');
      writeFileSync(scenario, JSON.stringify(BUILTIN_FILES[0]));
      const result = await loop(template, 'open', scenario, '--html', inDir('no.html'));
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^loop: --html: .*mine\.json is not a trace; --html writes a run's page\n$/,
      );
    },
    TIMEOUT,
  );
});

describe('the template', () => {
  it(
    'a file that is not the share page: one line naming npm run build:share, exit 2',
    async () => {
      const other = inDir('other.html');
      writeFileSync(other, '<!doctype html><p>not it</p>');
      const result = await loop(other, 'run', 'shopops-happy', '--html', inDir('x.html'));
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'loop: --html: not a Loopscope share page template: it has no <script type="application/json" id="loopscope-run"> element (build it with npm run build:share)\n',
      );
    },
    TIMEOUT,
  );

  it(
    'a template that is not there: one line naming it, exit 2',
    async () => {
      const missing = inDir('missing.html');
      const result = await loop(missing, 'run', 'shopops-happy', '--html', inDir('x.html'));
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^loop: --html: cannot read the share page template .*missing\.html \(.*ENOENT.*\)\n$/,
      );
    },
    TIMEOUT,
  );
});
