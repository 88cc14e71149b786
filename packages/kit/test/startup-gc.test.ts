import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('fixtures/shape-cliff.ts', import.meta.url));

describe('collectStartupGarbage', () => {
  it('lets objects built from {} share their hidden class again once start-up filled V8’s shape record', () => {
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', script], {
      encoding: 'utf8',
    });
    // Before: each object got a shape of its own (the cliff this guards against); after: one shared shape.
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });
});
