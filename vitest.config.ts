import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // IndexedDB (the history) is provided in memory to every unit test.
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // End-to-end tests each start Chromium; two cores do not profit from running
    // several at once, and a crowded machine makes them flaky.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
