import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Real models and real stores: the integration suites are slow on 2 cores, so give them room and avoid
    // running two model-heavy files at once.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    environment: 'node',
    // The JSON copy feeds scripts/test-summary.mjs, which prints the one closing line CI reads.
    reporters: ['default', ['json', { outputFile: 'out/test-results/vitest.json' }]],
  },
});
