import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { BudgetSpec } from '../src/upstream/budget.js';
import { tickerUpstream } from './fixtures/ticker.namespace.js';
import { type Envelope, type Gateway, startGateway } from './helpers.js';

/** Three calls' worth, refilling one call every ten seconds: a test spends it at once. */
const tinyBudget: BudgetSpec = {
  pools: { calls: { capacity: 3, refillPerSecond: 0.1 } },
  cost: () => ({ calls: 1 }),
};

const gateways: Gateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});

async function budgeted(env: Record<string, string> = {}, redisPrefix?: string) {
  const gateway = await startGateway({
    specs: [tickerUpstream('ticker', { budget: tinyBudget }), tickerUpstream('quotes')],
    env: { UPSTREAM_BUDGET_WAIT_MS: '0', ...env },
    redisPrefix,
  });
  gateways.push(gateway);
  return gateway;
}

const ticker = (g: Gateway) => g.call('/mcp-ticker/tools/get_ticker', { symbol: 'BTC' });

describe('outbound budgets', () => {
  it('answers 429 UPSTREAM_RATE_LIMITED with Retry-After once the budget is spent, and sends nothing', async () => {
    const gateway = await budgeted();
    const sim = gateway.sims.get('ticker')!.test;
    for (let i = 0; i < 3; i++) expect((await ticker(gateway)).status).toBe(200);
    const refused = await ticker(gateway);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(((await refused.json()) as Envelope).error).toMatchObject({
      code: 'UPSTREAM_RATE_LIMITED',
      retryable: true,
      details: { upstream: 'ticker', environment: 'test', reason: 'budget' },
    });
    expect(sim.hits({ path: '/ticker' })).toBe(3);
  });

  it('keeps one budget per environment: the live one is untouched by test calls', async () => {
    const gateway = await budgeted();
    for (let i = 0; i < 4; i++) await ticker(gateway);
    const live = await gateway.call(
      '/mcp-ticker/tools/get_ticker',
      { symbol: 'BTC' },
      { authorization: `Bearer ${gateway.config.MAINNET_TOKEN}` },
    );
    expect(live.status).toBe(200);
  });

  it('waits for units within UPSTREAM_BUDGET_WAIT_MS instead of refusing', async () => {
    const gateway = await startGateway({
      specs: [
        tickerUpstream('ticker', {
          budget: { pools: { calls: { capacity: 1, refillPerSecond: 20 } }, cost: () => ({ calls: 1 }) },
        }),
        tickerUpstream('quotes'),
      ],
      env: { UPSTREAM_BUDGET_WAIT_MS: '5000' },
    });
    gateways.push(gateway);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => ticker(gateway).then((r) => r.status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe.runIf(process.env.REDIS_URL)('two instances on one Redis', () => {
  it('spend one budget', async () => {
    const prefix = `gateway-test:${randomUUID()}:`;
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const a = await budgeted(env, prefix);
    const b = await budgeted(env, prefix);
    expect((await ticker(a)).status).toBe(200);
    expect((await ticker(b)).status).toBe(200);
    expect((await ticker(a)).status).toBe(200);
    const refused = await ticker(b);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});
