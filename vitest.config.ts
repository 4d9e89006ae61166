import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Where the unit tests are (also read by scripts/vitest-isolated.test.ts). */
export const include = [
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'scripts/**/*.test.ts',
  'mocks/**/*.test.ts',
];
const exclude = ['e2e/**', 'node_modules/**', 'dist/**'];

/**
 * Test files that get a module graph of their own: they check what a module does when it is
 * first imported (the tokenizer loaded at the first count), or replace modules (`vi.mock`),
 * timers or globals. Every other file shares its worker's modules with the files before it
 * (`isolate: false`): importing the same modules again for each of 220 files was most of the
 * run (161 s with isolation, 70 s without, back to back, idle; docs/performance.md, "Test
 * suite"). A file added here is one that fails, or checks nothing, when a module it imports was
 * already loaded by another file.
 */
export const isolated = [
  'src/engine/models/tokens.test.ts',
  'src/components/Markdown.test.tsx',
  'src/components/after-paint.test.ts',
  'src/app/connect-policy.test.ts',
  'src/app/file-opening.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Ceilings for a slow or busy machine (machines here differ by 4x, and CI may share its
    // cores), not how long a test should take: vitest's 5 s default failed 33 tests on a machine
    // running the suite beside other builds. Speed is measured in `npm run bench`.
    // vitest's default is cores − 1, one worker on 2 cores; the CLI's tests wait on the processes
    // they spawn, so a second worker fills the other core (208 s → 122 s idle, "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include,
          exclude: [...exclude, ...isolated],
          isolate: false,
          // The CLI's tests spawn src/cli/main.ts bundled once here, not through tsx each time.
          globalSetup: ['src/cli/cli-bundle.test-support.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: isolated, exclude, isolate: true } },
    ],
  },
});
