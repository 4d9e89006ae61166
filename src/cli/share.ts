/**
 * `--html FILE`: the run as the share page, one self-contained HTML file (docs/decisions/0006).
 * The template is the built `dist-share/share.html` (`npm run build:share`); when it is missing,
 * the CLI builds it once with Vite in a child process. `LOOPSCOPE_SHARE_TEMPLATE` names another
 * template file (tests use a small one).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toNativeTraceJson, type Scenario, type Trace } from '../engine';
import { SharePageError, sharePage } from '../share/share-page';
import { UsageError } from './args';
import { userPath } from './user-path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm run build:share` writes the template. */
export const BUILT_TEMPLATE = path.join(ROOT, 'dist-share', 'share.html');

/** Builds the template with Vite (about as long as `npm run build:share`); false when it failed. */
function buildTemplate(): boolean {
  process.stderr.write('loop: building the share page once (npm run build:share)…\n');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.share.config.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return built.status === 0 && existsSync(BUILT_TEMPLATE);
}

/** The share page template's text: `LOOPSCOPE_SHARE_TEMPLATE`, else the built one (built if missing). */
export function readTemplate(env: NodeJS.ProcessEnv = process.env): string {
  const named = env['LOOPSCOPE_SHARE_TEMPLATE'];
  const file = named ? userPath(named, env) : BUILT_TEMPLATE;
  if (!named && !existsSync(file) && !buildTemplate()) {
    throw new UsageError(
      '--html: the share page template dist-share/share.html is missing and could not be built; run npm run build:share',
    );
  }
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--html: cannot read the share page template ${file} (${reason})`);
  }
}

/** Writes the run (with its scenario) as a share page to the file `argument` names. */
export function writeSharePage(argument: string, trace: Trace, scenario: Scenario): void {
  let page: string;
  try {
    page = sharePage(readTemplate(), toNativeTraceJson(trace, scenario));
  } catch (error) {
    if (error instanceof SharePageError) throw new UsageError(`--html: ${error.message}`);
    throw error;
  }
  try {
    writeFileSync(userPath(argument), page);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--html: cannot write ${argument} (${reason})`);
  }
}
