import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCompiledGateway } from '../support/compiled-gateway.js';

/**
 * The README's "first order on /mcp-optx" exactly as a user copies it (the block between the
 * optx-first-order markers), run by bash against the compiled gateway started as `npm run start:gateway`
 * starts it: sim profile, nothing configured but the tokens.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-readme-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function readmeSteps(): string {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const block = /<!-- optx-first-order:start -->\n```sh\n([\s\S]*?)```\n<!-- optx-first-order:end -->/.exec(
    readme,
  );
  if (!block?.[1]) throw new Error('README has no optx-first-order block');
  return block[1];
}

describe('README: a bot’s first order on /mcp-optx', () => {
  it('places, sees it open and cancels it with the README’s commands', async () => {
    const steps = readmeSteps();
    const { child, url, env } = await startCompiledGateway({
      dataDir,
      testnetToken: 'readme-testnet-token',
      mainnetToken: 'readme-mainnet-token',
    });
    try {
      const run = spawnSync('bash', ['-e', '-c', steps], {
        env: { ...env, GW: url },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const [placed, open, cancelled] = run.stdout.trim().split('\n');
      const orderId = /^placed (\S+)$/.exec(placed ?? '')?.[1];
      expect(orderId).toMatch(/^BTC-\d+$/);
      const openOrders = JSON.parse(open ?? '{}') as { orders: { order_id: string; order_state: string }[] };
      expect(openOrders.orders).toContainEqual(
        expect.objectContaining({ order_id: orderId, order_state: 'open' }),
      );
      expect(JSON.parse(cancelled ?? '{}')).toMatchObject({
        order: { order_id: orderId, order_state: 'cancelled' },
      });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
