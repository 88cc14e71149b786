import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompiledGateway } from '../support/compiled-gateway.js';

/**
 * The README's "first order on /mcp-perpdex" block, run verbatim by bash against the compiled gateway started as
 * `npm run start:gateway` starts it (sim profile, nothing configured but the tokens): place, see it open, cancel.
 */

const README = new URL('../../../../README.md', import.meta.url);
const TOKEN = 'readme-testnet-token-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-readme-'));
let child: ChildProcess;
let url: string;

function readmeBlock(): string {
  const text = readFileSync(README, 'utf8');
  const match =
    /<!-- perpdex-first-order:begin -->\s*```sh\n([\s\S]*?)```\s*<!-- perpdex-first-order:end -->/.exec(text);
  if (!match?.[1]) throw new Error('README has no perpdex-first-order block');
  return match[1];
}

beforeAll(async () => {
  ({ child, url } = await startCompiledGateway({
    dataDir,
    testnetToken: TOKEN,
    mainnetToken: 'readme-mainnet-token-0123456789',
  }));
});

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('README: a bot first order on /mcp-perpdex', () => {
  it('places a resting order, sees it open and cancels it, with exactly the commands shown', () => {
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', readmeBlock()], {
      env: { PATH: process.env.PATH ?? '', GW: url, TESTNET_TOKEN: TOKEN },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const [placed, open, cancelled] = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(placed).toMatchObject({
      coin: 'ETH',
      side: 'buy',
      status: 'resting',
      price: 2000,
      testnet: true,
      simulated: true,
    });
    expect(open.orders).toEqual([
      expect.objectContaining({ client_order_id: placed.client_order_id, price: 2000 }),
    ]);
    expect(cancelled).toMatchObject({ status: 'canceled', client_order_id: placed.client_order_id });
  });
});
