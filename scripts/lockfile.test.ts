import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

/**
 * `npm install` quietly leaves out optional platform packages the registry
 * cannot serve, and `npm ci` on a clean machine then refuses the lockfile.
 * Catch that here instead of in CI's install step.
 */
describe('package-lock.json', () => {
  it('has an entry for every optional dependency it names, so npm ci works on a clean machine', () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`])
          missing.push(`${path} -> ${dep}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
