import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** The web client's tests: jsdom, React transform. Picked up by the root config's `test.projects`. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
  },
});
