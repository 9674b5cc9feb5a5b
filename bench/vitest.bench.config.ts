import { defineConfig } from 'vitest/config';

// Benchmarks use Vitest only to run the background's code with a mocked extension API.
export default defineConfig({
  test: {
    include: ['bench/*.run.ts'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 600_000,
  },
});
