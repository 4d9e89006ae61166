import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BenchError } from './common';
import { freePort, portTaken, serve } from './preview';

const listening = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('serving the build for the bench', () => {
  it('refuses a port another server answers on, rather than measure that server', async () => {
    const port = await freePort();
    expect(await portTaken(port)).toBe(false);
    const other = await listening(port);
    try {
      expect(await portTaken(port)).toBe(true);
      const error = await serve('/nowhere', port).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BenchError);
      expect((error as Error).message).toMatch(
        new RegExp(`^port ${port} is taken: .* instead of /nowhere\\. Stop it, or set BENCH_PORT`),
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
