/**
 * Where a path argument points: `npm run` starts the CLI in the package root, so a relative
 * path is read from the directory the user ran npm from (`INIT_CWD`), else from the cwd.
 */
import path from 'node:path';

/** The absolute path a path argument names, as the user meant it. */
export function userPath(argument: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['INIT_CWD'] || process.cwd(), argument);
}
