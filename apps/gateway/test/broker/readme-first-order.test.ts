import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startCompiledGateway } from '../support/compiled-gateway.js';

/**
 * The README's "first order on /mcp-broker" commands, taken from the README as they are and run by bash against
 * the compiled gateway started as `npm run start:gateway` starts it (sim profile, no set-up).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-readme-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function readmeSteps(): string {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const block =
    /<!-- broker-first-order:start -->\s*```sh\n([\s\S]*?)```\s*<!-- broker-first-order:end -->/.exec(readme);
  if (!block?.[1]) throw new Error('README has no broker-first-order block');
  return block[1];
}

describe('README: a bot’s first order on /mcp-broker', () => {
  it('places, sees open and cancels with exactly the README commands', async () => {
    const token = 'readme-testnet-token';
    const { child, url } = await startCompiledGateway({
      dataDir,
      testnetToken: token,
      mainnetToken: 'readme-mainnet-token',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Only the host differs: the README's port is the default 8080, this gateway took a free one.
      const script = `set -euo pipefail\n${readmeSteps().replaceAll('http://127.0.0.1:8080', url)}`;
      const { stdout: out } = await promisify(execFile)('bash', ['-c', script], {
        env: { PATH: process.env.PATH ?? '', TESTNET_TOKEN: token },
      });
      const [orderLine, openLine, cancelLine] = out.trim().split('\n');
      const orderId = /^order (\d+)$/.exec(orderLine ?? '')?.[1];
      expect(orderId, out).toBeDefined();
      const open = JSON.parse(openLine!) as {
        orders: { order_id: string; status: string }[];
        testnet: boolean;
      };
      expect(open.testnet).toBe(true);
      expect(open.orders.find((order) => order.order_id === orderId)?.status).toBe('Submitted');
      expect(JSON.parse(cancelLine!)).toMatchObject({ order_id: orderId, status: 'Cancelled' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
