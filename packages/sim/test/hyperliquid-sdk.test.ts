import * as hl from '@nktkas/hyperliquid';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perpdex, type RunningSimulator, startSimulator } from '../src/index.js';

/**
 * A client no one here wrote (the community TypeScript SDK, with a viem wallet) against the perpdex simulator,
 * unchanged but for its API URL: reads, an order signed by the funded account's agent, and a stranger refused.
 */

let running: RunningSimulator;
beforeAll(async () => {
  running = await startSimulator(perpdex, { limits: { enabled: false } });
});
afterAll(() => running.close());

const clients = (environment: 'test' | 'live', privateKey: `0x${string}`) => {
  const instance = running[environment];
  const transport = new hl.HttpTransport({ isTestnet: environment === 'test', apiUrl: instance.url });
  return {
    info: new hl.InfoClient({ transport }),
    exchange: new hl.ExchangeClient({ transport, wallet: privateKeyToAccount(privateKey) }),
    account: instance.credentials!.account_address as `0x${string}`,
    agentKey: instance.credentials!.agent_private_key as `0x${string}`,
  };
};

describe.each(['test', 'live'] as const)('@nktkas/hyperliquid against the %s simulator', (environment) => {
  it('reads meta, books, trades, candles, funding history and account state', async () => {
    const { info, account } = clients(environment, generatePrivateKey());
    const meta = await info.meta();
    expect(meta.universe[0]!.name).toBe('BTC');
    const book = await info.l2Book({ coin: 'ETH' });
    expect(book!.levels[0].length).toBeGreaterThan(0);
    expect(Number(book!.levels[0][0]!.px)).toBeLessThan(Number(book!.levels[1][0]!.px));
    const trades = await info.recentTrades({ coin: 'BTC' });
    expect(trades.length).toBeGreaterThan(0);
    const now = Date.now();
    const candles = await info.candleSnapshot({
      coin: 'BTC',
      interval: '1h',
      startTime: now - 6 * 3_600_000,
    });
    expect(candles.length).toBeGreaterThanOrEqual(6);
    const funding = await info.fundingHistory({ coin: 'BTC', startTime: now - 5 * 3_600_000 });
    expect(funding.length).toBe(5);
    const state = await info.clearinghouseState({ user: account });
    expect(Number(state.marginSummary.accountValue)).toBe(100_000);
  });

  it('accepts an order signed with the funded account agent, and refuses one signed by an unknown key', async () => {
    const seeded = clients(environment, generatePrivateKey());
    const { exchange, info, account } = clients(environment, seeded.agentKey);
    const mid = Number((await info.allMids()).ETH);
    const price = (Math.round(mid * 0.9 * 10) / 10).toString();
    const placed = await exchange.order({
      orders: [{ a: 1, b: true, p: price, s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } }],
      grouping: 'na',
    });
    const status = placed.response.data.statuses[0] as { resting: { oid: number } };
    expect(status.resting.oid).toBeGreaterThan(0);
    const open = await info.frontendOpenOrders({ user: account });
    expect(open.map((order) => order.oid)).toContain(status.resting.oid);

    const strangerKey = generatePrivateKey();
    const stranger = clients(environment, strangerKey);
    const address = privateKeyToAccount(strangerKey).address.toLowerCase();
    await expect(
      stranger.exchange.order({
        orders: [{ a: 1, b: true, p: price, s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } }],
        grouping: 'na',
      }),
    ).rejects.toThrow(`User or API Wallet ${address} does not exist.`);
    await exchange.cancel({ cancels: [{ a: 1, o: status.resting.oid }] });
  });
});
