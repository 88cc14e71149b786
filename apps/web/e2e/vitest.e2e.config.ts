import { defineConfig } from 'vitest/config';

/**
 * Browser scenarios (playwright-core + Debian's chromium) against the real services:
 * `npm run test:e2e` (builds the client first). Kept out of `npm test` until the measurement API is merged.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
