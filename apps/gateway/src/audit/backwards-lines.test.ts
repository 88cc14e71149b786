import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactSecrets } from './audit-record.js';
import { linesBackwards } from './backwards-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(content: string): Promise<string[]> {
  const path = join(dir, `f${Math.random()}`);
  writeFileSync(path, content);
  const lines: string[] = [];
  for await (const line of linesBackwards(path)) lines.push(line);
  return lines;
}

describe('linesBackwards', () => {
  it('yields lines last to first, with or without a final newline', async () => {
    expect(await collect('a\nb\nc\n')).toEqual(['c', 'b', 'a']);
    expect(await collect('a\nb\nc')).toEqual(['c', 'b', 'a']);
    expect(await collect('')).toEqual([]);
  });

  it('joins lines that straddle chunk boundaries, across many chunks', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 97)}"}`);
    const read = await collect(`${lines.join('\n')}\n`);
    expect(read).toEqual([...lines].reverse());
  });

  it('yields nothing for a missing file', async () => {
    const lines: string[] = [];
    for await (const line of linesBackwards(join(dir, 'absent'))) lines.push(line);
    expect(lines).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('blanks secret-looking keys at any depth and keeps the rest', () => {
    expect(
      redactSecrets({
        symbol: 'BTC',
        api_key: 'k',
        legs: [{ privateKey: 'p', amount: 1 }],
        auth: { signature: 's', nonce: 7 },
      }),
    ).toEqual({
      symbol: 'BTC',
      api_key: '[redacted]',
      legs: [{ privateKey: '[redacted]', amount: 1 }],
      auth: { signature: '[redacted]', nonce: 7 },
    });
  });
});
