import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // IndexedDB (the history) is provided in memory to every unit test.
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Browser test files each start one browser (Chromium in test/e2e, Firefox in
    // test/firefox). Two at a time keep two cores busy without crowding them, which
    // makes browser tests flaky; a file's own tests run one after another.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
