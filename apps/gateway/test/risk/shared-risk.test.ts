import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, TESTNET } from '../helpers.js';
import { simOf, startPerpdexGateway } from '../perpdex/support/perpdex-gateway.js';
import { limitsFile } from '../support/limits-file.js';
import { writeCall } from '../support/write-gateway.js';

/**
 * Two gateways on one shared store (Redis, then PostgreSQL; each when its URL is set, as CI sets both) hold a
 * bot's order rate and its halt as one instance does. Each run uses its own bot tags and Redis prefix.
 */
const stores: { name: string; env: Record<string, string> }[] = [];
if (process.env.REDIS_URL) stores.push({ name: 'redis', env: { REDIS_URL: process.env.REDIS_URL } });
if (process.env.DATABASE_URL)
  stores.push({ name: 'postgres', env: { DATABASE_URL: process.env.DATABASE_URL } });

const run = randomUUID().slice(0, 8);
const restingBuy = { coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000 };

if (stores.length === 0) it.skip('needs REDIS_URL or DATABASE_URL', () => undefined);

describe.each(stores)('two gateways on $name', ({ name, env }) => {
  const bot = `pair-${name}-${run}`;
  let a: Gateway;
  let b: Gateway;
  beforeAll(async () => {
    const shared = {
      ...env,
      RISK_LIMITS_FILE: limitsFile(
        `test:\n  bots:\n    "pair-*": { orders_per_minute: 5 }\n    "open-*": { max_open_orders: 3 }\n    "pos-*": { max_position_notional: 350 }\n`,
      ),
    };
    // One perpdex simulator (one account) behind both.
    a = await startPerpdexGateway({ ...shared }, undefined, `risk-${run}:`);
    b = await startPerpdexGateway({ ...shared }, undefined, `risk-${run}:`, a);
  });
  afterAll(() => Promise.all([a?.close(), b?.close()]));

  const order = (gateway: Gateway, tag: string) =>
    writeCall(gateway, {
      path: '/mcp-perpdex/tools/place_order',
      body: restingBuy,
      headers: { 'x-bot-tag': tag },
    });
  const sent = () => simOf(a).hits({ method: 'POST', path: '/exchange' });

  it('share one orders-per-minute window: 12 concurrent orders over both, 5 go out', async () => {
    const before = sent();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => order(i % 2 ? a : b, bot)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(answer.body.error?.code).toBe('ORDER_RATE_LIMIT');
    expect(sent() - before).toBe(5);
  });

  it('share max_open_orders: 10 concurrent orders over both, 3 rest; a cancelled one frees a place', async () => {
    const tag = `open-${name}-${run}`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => order(i % 2 ? a : b, tag)));
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(3);
    for (const answer of answers.filter((each) => each.status !== 200))
      expect(answer.body.error).toMatchObject({ code: 'OPEN_ORDERS_LIMIT', details: { limit: 3 } });
    const cancel = await writeCall(a, {
      path: '/mcp-perpdex/tools/cancel_order',
      body: { coin: 'ETH', client_order_id: placed[0]!.body.client_order_id },
      headers: { 'x-bot-tag': tag },
    });
    expect(cancel.status).toBe(200);
    expect((await order(b, tag)).status).toBe(200);
    expect((await order(a, tag)).body.error?.code).toBe('OPEN_ORDERS_LIMIT');
  });

  it('share max_position_notional under 20 concurrent marketable orders over both: the position stays within it', async () => {
    const tag = `pos-${name}-${run}`;
    // BTC: no earlier test of this file left orders on it (the limit is the account's position, in flight included).
    const marketBuy = { coin: 'BTC', side: 'buy', size: 0.001, type: 'market', slippage: 0.01 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writeCall(i % 2 ? a : b, {
          path: '/mcp-perpdex/tools/place_order',
          body: marketBuy,
          headers: { 'x-bot-tag': tag },
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    // Each order alone is far under the limit; together they pass it, so some must be refused.
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(20);
    for (const answer of answers.filter((each) => each.status !== 200))
      expect(answer.body.error).toMatchObject({ code: 'POSITION_LIMIT', details: { limit: 350 } });
    const positions = await writeCall(a, { path: '/mcp-perpdex/tools/get_positions', body: { coin: 'BTC' } });
    const held = (positions.body.positions as { position_value_usd: number }[])[0]!.position_value_usd;
    expect(Math.abs(held)).toBeLessThanOrEqual(350);
    expect(Math.abs(held)).toBeGreaterThan(0);
  });

  it('share a halt: thrown on one, the other refuses the bot; resumed on the other, both let it through', async () => {
    const tag = `halt-${name}-${run}`;
    const admin = (gateway: Gateway, path: string, body: unknown) =>
      fetch(`${gateway.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TESTNET}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await admin(a, '/admin/risk/halt', { bot_tag: tag, reason: 'shared' })).status).toBe(200);
    const refused = await order(b, tag);
    expect(refused.body.error?.code).toBe('TRADING_HALTED');
    expect((await admin(b, '/admin/risk/resume', { bot_tag: tag, reason: 'done' })).status).toBe(200);
    expect((await order(a, tag)).status).toBe(200);
  });
});
