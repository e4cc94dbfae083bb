import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Projects are declared inline: a project config that itself has `projects:` is not expanded (stack.md).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine.
    // Most suites wait on PostgreSQL, HTTP or timers rather than compute, so at least two overlap
    // that waiting and keep CI inside its 20 minutes on a slow day.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/{server,sandbox,extension}/src/**/*.test.ts'],
          // Files share a worker's loaded modules: importing the server anew for each of ~100 files
          // was a third of the run. Safe because no node test mocks a module, stubs a global or
          // changes process.env; each suite builds its own server and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
