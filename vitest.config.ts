import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/{src,test}/**/*.test.ts',
            'apps/*/{src,test}/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'apps/web/**'],
          environment: 'node',
        },
      },
      // jsdom + React transform; its own file so it resolves the plugin from apps/web
      'apps/web/vitest.config.ts',
      // the browser scenario against the real services; needs the built client (npm test builds it first)
      'apps/web/e2e/vitest.e2e.config.ts',
    ],
  },
});
