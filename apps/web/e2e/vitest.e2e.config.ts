import { defineConfig } from 'vitest/config';

/**
 * Browser scenarios (playwright-core + Debian's chromium at /usr/bin/chromium) against the real services on
 * ephemeral ports. A project of the root config, so `npm test` runs them after building the client once;
 * alone: `npm run test:e2e` (builds the client first).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
