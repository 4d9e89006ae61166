/** The app as the bench opens it: `vite build` into a directory, then `vite preview` of it. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { BenchError, BUILD_TIMEOUT_MS, SERVER_TIMEOUT_MS } from './common';
import { startVite } from './lifecycle';

/** The output of a child, kept short for an error message. */
function collect(child: ChildProcess): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text.trim();
}

/** Builds the app into `outDir`; a BenchError (with vite's output) on failure or after 300 s. */
export async function build(outDir: string): Promise<void> {
  const child = startVite(['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  const output = collect(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new BenchError(`vite build did not finish in ${BUILD_TIMEOUT_MS / 1000} s`));
    }, BUILD_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new BenchError(`vite build could not start: ${error.message}`));
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new BenchError(`vite build failed (exit code ${code}):\n${output()}`);
}

/** A port nothing listens on now (the OS picks it); BENCH_PORT wins. */
export async function freePort(): Promise<number> {
  const given = Number(process.env.BENCH_PORT);
  if (Number.isInteger(given) && given > 0) return given;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** Whether something listens on `port` of 127.0.0.1 now (it cannot be listened on). */
export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(true) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * `vite preview` of the build; resolves with its base URL when it answers (30 s at most). A port
 * something already listens on is refused first: that server (a preview left running by an
 * earlier script) would answer, and another build would be measured.
 */
export async function serve(outDir: string, port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  if (await portTaken(port))
    throw new BenchError(
      `port ${port} is taken: the server there (a vite preview left running?) would be measured instead of ${outDir}. Stop it, or set BENCH_PORT to a free port.`,
    );
  const child = startVite([
    'preview',
    '--outDir',
    outDir,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--strictPort',
  ]);
  const output = collect(child);
  const deadline = Date.now() + SERVER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new BenchError(
        `vite preview stopped (exit code ${child.exitCode}) — is port ${port} taken? Set BENCH_PORT to a free one.\n${output()}`,
      );
    try {
      if ((await fetch(base, { signal: AbortSignal.timeout(2_000) })).ok) return base;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new BenchError(`vite preview did not answer on ${base} in ${SERVER_TIMEOUT_MS / 1000} s`);
}
