import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, resetSimulatorsAndCaches, TESTNET } from '../helpers.js';
import { perpdexCall, pinMark, simOf, startPerpdexGateway } from '../perpdex/support/perpdex-gateway.js';
import { limitsFile } from '../support/limits-file.js';
import { auditOf, writeCall } from '../support/write-gateway.js';

/**
 * The bots' limits, the kill switch and dry runs (docs/architecture.md, "Risk") on the perpdex simulator: every
 * refusal is counted at the venue (signed `/exchange` calls) as nothing sent.
 */

const LIMITS = `
test:
  defaults:
    max_order_notional: 100000
  bots:
    small: { max_order_notional: 500 }
    limited: { orders_per_minute: 3 }
    "dry-*": { dry_run: true }
    eth-only: { instruments: [ETH] }
    optx-only: { venues: [optx] }
    capped: { max_position_notional: 3000 }
    loser: { max_daily_loss: 50 }
    few: { max_open_orders: 2 }
`;

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startPerpdexGateway({
    RISK_LIMITS_FILE: limitsFile(LIMITS),
    // No refresh during a test: resting orders stay counted by their reservations.
    EXPOSURE_MAX_AGE_MS: '60000',
    EXPOSURE_REFRESH_MS: '60000',
  });
});
afterAll(() => gateway.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

const PRICE = 2000;
const restingBuy = (size: number, coin = 'ETH') => ({ coin, side: 'buy', size, type: 'limit', price: PRICE });
const exchangeCalls = () => simOf(gateway).hits({ method: 'POST', path: '/exchange' });
const as = (bot: string, body: unknown, tool = 'place_order') =>
  writeCall(gateway, { path: `/mcp-perpdex/tools/${tool}`, body, headers: { 'x-bot-tag': bot } });
const admin = async (path: string, body?: unknown) => {
  const response = await fetch(`${gateway.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${TESTNET}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('a bot’s limits', () => {
  it('refuse an order worth more than max_order_notional, naming the limit and the figure', async () => {
    const refused = await as('small', restingBuy(0.5));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'ORDER_NOTIONAL_LIMIT',
      details: { risk_check: 'max_order_notional', rule: 'small', limit: 500, value: 1000 },
    });
    expect(exchangeCalls()).toBe(0);
    const passed = await as('small', restingBuy(0.2));
    expect(passed.status).toBe(200);
    expect(exchangeCalls()).toBe(1);
    // A passed order's audit record keeps the figures the checks compared.
    expect(auditOf(gateway, passed.requestId)[1]).toMatchObject({
      outcome: 'ok',
      risk: { risk_check: 'passed', rule: 'small', order_notional: 400, max_leverage: 5 },
    });
    const [, result] = auditOf(gateway, refused.requestId);
    expect(result).toMatchObject({
      outcome: 'refused',
      bot_tag: 'small',
      risk: { risk_check: 'max_order_notional', limit: 500, value: 1000 },
    });
  });

  it('hold orders_per_minute: the fourth order in a minute is 429 with Retry-After, nothing sent', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await as('limited', restingBuy(0.01)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body.error).toMatchObject({
      code: 'ORDER_RATE_LIMIT',
      retryable: true,
      details: { limit: 3, value: 3 },
    });
    expect(exchangeCalls()).toBe(3);
    // Cancels are not orders: they still go.
    const status = await perpdexCall(gateway, 'get_risk_status', {});
    expect(status.body).toMatchObject({ bot_tag: 'test-bot', venue: 'perpdex', max_leverage: 5, halt: null });
    const own = await as('limited', {}, 'get_risk_status');
    expect(own.body).toMatchObject({
      rule: 'limited',
      limits: { orders_per_minute: 3 },
      orders_last_minute: 3,
    });
  });

  it('keep a bot to its venues and instruments', async () => {
    const venue = await as('optx-only', restingBuy(0.01));
    expect(venue.status).toBe(403);
    expect(venue.body.error).toMatchObject({ code: 'VENUE_NOT_ALLOWED', details: { allowed: ['optx'] } });
    const instrument = await as('eth-only', { ...restingBuy(0.001, 'BTC'), price: 20_000 });
    expect(instrument.status).toBe(403);
    expect(instrument.body.error).toMatchObject({
      code: 'INSTRUMENT_NOT_ALLOWED',
      details: { instrument: 'BTC' },
    });
    expect(exchangeCalls()).toBe(0);
    expect((await as('eth-only', restingBuy(0.01))).status).toBe(200);
  });

  it('hold max_open_orders against concurrent orders: the bot’s working orders and those still being sent', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => as('few', restingBuy(0.01))));
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(2);
    for (const answer of answers.filter((each) => each.status !== 200))
      expect(answer.body.error).toMatchObject({
        code: 'OPEN_ORDERS_LIMIT',
        details: { risk_check: 'max_open_orders', limit: 2, value: 2 },
      });
    expect(exchangeCalls()).toBe(2);
    // Another bot's orders are not this bot's.
    expect((await as('calm', restingBuy(0.01))).status).toBe(200);
    const cancel = await as(
      'few',
      { coin: 'ETH', client_order_id: placed[0]!.body.client_order_id },
      'cancel_order',
    );
    expect(cancel.status).toBe(200);
    expect((await as('few', restingBuy(0.01))).status).toBe(200);
  });

  it('count orders in flight against max_position_notional', async () => {
    expect((await as('capped', restingBuy(1))).status).toBe(200);
    const second = await as('capped', restingBuy(1));
    expect(second.status).toBe(422);
    expect(second.body.error).toMatchObject({
      code: 'POSITION_LIMIT',
      details: { risk_check: 'max_position_notional', instrument: 'ETH', limit: 3000 },
    });
    expect(exchangeCalls()).toBe(1);
  });
});

describe('the daily loss', () => {
  it('halts the bot once the account lost max_daily_loss since the day’s first read', async () => {
    await pinMark(gateway, 'ETH', 3000);
    try {
      // The day's first read of the account: its equity is the day's open.
      const bought = await as('loser', { coin: 'ETH', side: 'buy', size: 1, type: 'market', slippage: 0.01 });
      expect(bought.status).toBe(200);
      await pinMark(gateway, 'ETH', 2800);
      gateway.exposure.clearSnapshots();
      const refused = await as('loser', restingBuy(0.01));
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'DAILY_LOSS_LIMIT', details: { limit: 50 } });
      expect(Number(refused.body.error?.details?.value)).toBeGreaterThan(150);
      const halted = await as('loser', restingBuy(0.01));
      expect(halted.body.error).toMatchObject({ code: 'TRADING_HALTED', details: { by: 'daily_loss' } });
      expect(exchangeCalls()).toBe(1);
    } finally {
      await admin('/admin/risk/resume', { bot_tag: 'loser', reason: 'x' });
      await perpdexCall(gateway, 'close_position', { coin: 'ETH' });
      await pinMark(gateway, 'ETH', null);
    }
  });
});

describe('a dry-run bot', () => {
  it('is checked and audited and answered with the signed request, which never reaches the venue', async () => {
    const answer = await as('dry-grid', restingBuy(0.01), 'place_order');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      dry_run: true,
      request: { method: 'POST', body: { action: { type: 'order' }, signature: '[redacted]' } },
    });
    const request = answer.body.request as { url: string; body: { action: { orders: { c: string }[] } } };
    expect(new URL(request.url).pathname).toBe('/exchange');
    expect(request.body.action.orders[0]!.c).toBe(answer.body.client_order_id);
    expect(exchangeCalls()).toBe(0);
    expect(auditOf(gateway, answer.requestId).map((record) => record.outcome)).toEqual([
      'pending',
      'dry_run',
    ]);
    // Its limits still apply.
    const big = await as('dry-grid', restingBuy(100));
    expect(big.body.error?.code).toBe('ORDER_NOTIONAL_LIMIT');
  });
});

describe('the kill switch', () => {
  it('refuses a halted bot’s orders, not another bot’s, until it is resumed; the halt is audited', async () => {
    const halt = await admin('/admin/risk/halt', { bot_tag: 'runaway', reason: 'test halt' });
    expect(halt).toMatchObject({ status: 200, body: { halt: { bot_tag: 'runaway', by: 'operator' } } });
    const refused = await as('runaway', restingBuy(0.01));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'TRADING_HALTED', details: { reason: 'test halt' } });
    expect((await as('calm', restingBuy(0.01))).status).toBe(200);
    const ready = (await (await fetch(`${gateway.url}/health/ready`)).json()) as Record<string, unknown>;
    expect(ready.halted).toEqual({
      test: { environment: false, bots: 1 },
      live: { environment: false, bots: 0 },
    });
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metrics).toContain('gateway_risk_halts{environment="test",scope="bot"} 1');
    expect(metrics).toMatch(/gateway_risk_refusals_total\{[^}]*code="TRADING_HALTED"[^}]*\} [1-9]/);
    const read = await admin('/admin/risk?bot_tag=runaway');
    expect(read.body).toMatchObject({
      halts: [{ bot_tag: 'runaway' }],
      bot: { halt: { reason: 'test halt' } },
    });
    expect(await admin('/admin/risk/resume', { bot_tag: 'runaway', reason: 'fixed' })).toMatchObject({
      body: { resumed: true },
    });
    expect((await as('runaway', restingBuy(0.01))).status).toBe(200);
    expect(exchangeCalls()).toBe(2);
    const audit = await admin('/admin/audit?bot_tag=runaway');
    const actions = (audit.body.records as { action: string }[]).map((record) => record.action);
    expect(actions).toEqual(expect.arrayContaining(['risk_halt', 'risk_resume']));
  });

  it('with orders in flight: none is sent after the halt’s answer, the bot’s open orders are cancelled, another bot’s stay', async () => {
    const other = await as('bystander', restingBuy(0.01));
    expect(other.status).toBe(200);
    const flight = Array.from({ length: 20 }, () => as('stormy', restingBuy(0.01)));
    // Halt once the first of them has reached the venue: the rest are in flight somewhere in the pipeline.
    while (exchangeCalls() < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    const halt = await admin('/admin/risk/halt', {
      bot_tag: 'stormy',
      reason: 'storm',
      cancel_open_orders: true,
    });
    const sentAtAnswer = exchangeCalls();
    const answers = await Promise.all(flight);
    expect(exchangeCalls()).toBe(sentAtAnswer);
    const placed = answers.filter((answer) => answer.status === 200);
    expect(
      answers.filter((answer) => answer.status !== 200).every((a) => a.body.error?.code === 'TRADING_HALTED'),
    ).toBe(true);
    const cancelled = halt.body.cancelled as { client_order_id: string; bot_tag: string }[];
    expect(cancelled.map((row) => row.client_order_id).sort()).toEqual(
      placed.map((answer) => answer.body.client_order_id).sort(),
    );
    expect(halt.body.not_cancelled).toEqual([]);
    const open = await perpdexCall(gateway, 'get_open_orders', {});
    const left = (open.body.orders as { client_order_id: string }[]).map((order) => order.client_order_id);
    expect(left).toContain(other.body.client_order_id);
    for (const answer of placed) expect(left).not.toContain(answer.body.client_order_id);
    expect(placed.length).toBeGreaterThan(0);
    await admin('/admin/risk/resume', { bot_tag: 'stormy', reason: 'calm again' });
  });

  it('survives a restart: a gateway started on the same DATA_DIR still refuses the halted bot', async () => {
    await admin('/admin/risk/halt', { bot_tag: 'sleeper', reason: 'before restart' });
    const again = await startPerpdexGateway({ RISK_LIMITS_FILE: limitsFile(LIMITS) }, gateway.dataDir);
    try {
      const refused = await writeCall(again, {
        path: '/mcp-perpdex/tools/place_order',
        body: restingBuy(0.01),
        headers: { 'x-bot-tag': 'sleeper' },
      });
      expect(refused.body.error).toMatchObject({
        code: 'TRADING_HALTED',
        details: { reason: 'before restart' },
      });
      expect(simOf(again).hits({ method: 'POST', path: '/exchange' })).toBe(0);
    } finally {
      await again.close();
      await admin('/admin/risk/resume', { bot_tag: 'sleeper', reason: 'x' });
    }
  });

  it('halts the whole environment: every bot’s orders refused, cancels still go', async () => {
    const resting = await as('quiet', restingBuy(0.01));
    await admin('/admin/risk/halt', { reason: 'market open' });
    const refused = await as('quiet', restingBuy(0.01));
    expect(refused.body.error).toMatchObject({ code: 'TRADING_HALTED', details: { scope: 'environment' } });
    const cancel = await as(
      'quiet',
      { coin: 'ETH', client_order_id: resting.body.client_order_id },
      'cancel_order',
    );
    expect(cancel.status).toBe(200);
    // Resuming a bot leaves the environment's halt in force.
    expect((await admin('/admin/risk/resume', { bot_tag: 'quiet', reason: 'x' })).body.resumed).toBe(false);
    await admin('/admin/risk/resume', { reason: 'closed' });
    expect((await as('quiet', restingBuy(0.01))).status).toBe(200);
  });
});
