/**
 * The `loop` CLI as the CLI's tests spawn it: src/cli/main.ts bundled once per `vitest run` (the
 * global setup below) into one ES module that `node` starts in a fraction of what `tsx` needs.
 * tsx transforms every module with esbuild on each start (about 1 s of the ~1.3 s a spawned run
 * took); the bundle is the same esbuild transform of the same sources, done once. Each module's
 * `import.meta.url` stays its own source file's URL, so paths resolved from it (share.ts's ROOT)
 * are the ones tsx gives. `npm run loop` itself (tsx) is spawned by cli.test.ts's first test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    cliBundle: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Our own sources keep their `import.meta.url` (a bundle would give them the bundle's). */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!args.path.startsWith(path.join(ROOT, 'src') + path.sep)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Bundles src/cli/main.ts into `dir`; returns the bundle's path. */
export async function bundleCli(dir: string): Promise<string> {
  const outfile = path.join(dir, 'main.mjs');
  // Loaded here, not at the top: the test files that import cliCommand never need esbuild.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(ROOT, 'src/cli/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Vitest's global setup: one bundle for the whole run, removed after it. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-cli-bundle-'));
  project.provide('cliBundle', await bundleCli(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}

/** `node` and the arguments that start the CLI with `args` (cwd: the repo root). */
export function cliCommand(args: readonly string[]): [string, string[]] {
  return [process.execPath, [inject('cliBundle'), ...args]];
}

/** The repo root, the cwd the CLI's tests spawn it in. */
export const CLI_ROOT = ROOT;
