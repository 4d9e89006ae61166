import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      'mocks/**/*.test.ts',
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // The CLI's tests spawn src/cli/main.ts bundled once here, not through tsx each time.
    globalSetup: ['src/cli/cli-bundle.test-support.ts'],
    // Ceilings for a slow or busy machine (machines here differ by 4x, and CI may share its
    // cores), not how long a test should take: vitest's 5 s default failed 33 tests on a machine
    // running the suite beside other builds. Speed is measured in `npm run bench`.
    // vitest's default is cores − 1, one worker on 2 cores; the CLI's tests wait on the processes
    // they spawn, so a second worker fills the other core (208 s → 122 s idle, "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
