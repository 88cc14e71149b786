import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, resetSimulatorsAndCaches, startGateway } from '../helpers.js';

/**
 * Orders valued where they can fill, and the price collar (trading/risk/fill-valuation.ts), over HTTP against
 * the three venue simulators on a pinned market clock (the books a test reads are the books the order is
 * valued against). Refusals are counted at the simulators: an order refused here was never sent.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field
type Json = any;
type Levels = [price: number, size: number][];

// Pinned at the start: signatures and nonces are checked against it, so it must be about now.
const MARKET_TIME = Date.now();
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({
    production: true,
    simNow: () => MARKET_TIME,
    env: {
      // The USDC account holds 1 M: a fifth of it is a cap a walk of four levels (about 100 k each) crosses.
      OPTX_MAX_LEVERAGE: '0.2',
      // Not the default, so the answers show the configured collar reached the broker namespace.
      BROKER_PRICE_COLLAR_PCT: '4',
      UPSTREAM_BREAKER_FAILURES: '1000',
    },
  });
}, 60_000);
afterAll(() => gateway?.close());
beforeEach(() => resetSimulatorsAndCaches(gateway));

async function call(namespace: string, tool: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await gateway.call(`/${namespace}/tools/${tool}`, body);
  return { status: res.status, body: await res.json() };
}

const sim = (name: string) => gateway.sims.get(name)!.instance('test');
/** Order writes that reached each simulator. */
const sends = {
  perpdex: () => sim('perpdex').hits({ method: 'POST', path: '/exchange' }),
  optx: () =>
    ['buy', 'sell'].reduce(
      (sum, method) => sum + sim('optx').hits({ method: 'GET', path: `/api/v2/private/${method}` }),
      0,
    ),
  broker: () =>
    sim('broker').hits({ method: 'POST', path: '/v1/api/iserver/account/' }) +
    sim('broker').hits({ method: 'POST', path: '/v1/api/iserver/reply/' }),
};

/** What `size` takes from best-first levels, none past `limit`: its notional and what is left. */
function walk(levels: Levels, size: number, limit: number, buy: boolean) {
  let left = size;
  let notional = 0;
  for (const [price, available] of levels) {
    if (left <= 0 || (buy ? price > limit : price < limit)) break;
    const fill = Math.min(left, available);
    notional += fill * price;
    left -= fill;
  }
  return { notional, left };
}

const perpdexBook = async () => {
  const book = (await call('mcp-perpdex', 'get_orderbook', { coin: 'ETH', depth: 20 })).body;
  const levels = (side: { price: number; size: number }[]): Levels => side.map((l) => [l.price, l.size]);
  return { bids: levels(book.bids), asks: levels(book.asks) };
};

describe('orders that would fill far from their stated price are refused before they are sent', () => {
  it('perpdex: a sell limit at 1 is outside the collar', async () => {
    const mark = (await call('mcp-perpdex', 'get_ticker', { coin: 'ETH' })).body.mark_price;
    const answer = await call('mcp-perpdex', 'place_order', {
      coin: 'ETH',
      side: 'sell',
      size: 200,
      type: 'limit',
      price: 1,
      time_in_force: 'Ioc',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('PRICE_COLLAR');
    expect(answer.body.error.details).toMatchObject({
      risk_check: 'price_collar',
      venue: 'perpdex',
      mark,
      limit: 1,
      collar_pct: 5,
    });
    expect(sends.perpdex()).toBe(0);
  });

  it('perpdex: a market sell with slippage 0.5 is valued at the bids it walks, over the cap', async () => {
    const { bids } = await perpdexBook();
    // Half the mid is below every level shown: the 200 ETH walk them from the best bid down.
    const expected = walk(bids, 200, 0, false);
    expect(expected.left).toBe(0);
    const answer = await call('mcp-perpdex', 'place_order', {
      coin: 'ETH',
      side: 'sell',
      size: 200,
      type: 'market',
      slippage: 0.5,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(answer.body.error.details.added_notional).toBeCloseTo(expected.notional, 4);
    expect(sends.perpdex()).toBe(0);
  });

  it('broker: a sell limit at 1 for 15,000 shares is outside the configured collar, IBKR never asked', async () => {
    const answer = await call('mcp-broker', 'place_order', {
      conid: 265598,
      side: 'sell',
      type: 'limit',
      quantity: 15_000,
      price: 1,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('PRICE_COLLAR');
    expect(answer.body.error.details).toMatchObject({
      risk_check: 'price_collar',
      venue: 'broker',
      limit: 1,
      collar_pct: 4,
      mark: expect.any(Number),
    });
    expect(sends.broker()).toBe(0);
  });

  it('optx: a sell limit at 1 is refused by the same collar, not by the venue after sending', async () => {
    const answer = await call('mcp-optx', 'place_order', {
      instrument_name: 'BTC-PERPETUAL',
      side: 'sell',
      amount: 100,
      type: 'limit',
      price: 1,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details).toMatchObject({ risk_check: 'price_collar', venue: 'optx', limit: 1 });
    expect(sends.optx()).toBe(0);
  });

  it('broker: a market order larger than the book can absorb has no price: 503 PRICE_UNKNOWN', async () => {
    const quote = (await call('mcp-broker', 'get_snapshot', { conids: [265598] })).body.snapshots[0];
    const answer = await call('mcp-broker', 'place_order', {
      conid: 265598,
      side: 'buy',
      type: 'market',
      quantity: quote.ask_size + 1,
    });
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'PRICE_UNKNOWN', retryable: true });
    expect(answer.body.error.details).toMatchObject({ reason: 'book_too_thin', absorbable: quote.ask_size });
    expect(sends.broker()).toBe(0);
  });
});

describe('resting limits far from the market on the passive side pass', () => {
  it('perpdex, optx and broker each place one', async () => {
    const mark = (await call('mcp-perpdex', 'get_ticker', { coin: 'ETH' })).body.mark_price;
    const perpdex = await call('mcp-perpdex', 'place_order', {
      coin: 'ETH',
      side: 'buy',
      size: 0.01,
      type: 'limit',
      price: Math.round(mark * 0.5),
    });
    expect(perpdex.status, JSON.stringify(perpdex.body)).toBe(200);
    expect(perpdex.body.status).toBe('resting');

    const ticker = (await call('mcp-optx', 'get_ticker', { instrument_name: 'BTC-PERPETUAL' })).body.ticker;
    const optx = await call('mcp-optx', 'place_order', {
      instrument_name: 'BTC-PERPETUAL',
      side: 'sell',
      amount: 10,
      type: 'limit',
      price: Math.round(ticker.mark_price * 1.5),
    });
    expect(optx.status, JSON.stringify(optx.body)).toBe(200);
    expect(optx.body.order.order_state).toBe('open');

    // IBKR asks o163 (more than 3 % from the last price); far on the passive side, the gateway confirms it.
    const broker = await call('mcp-broker', 'place_order', {
      conid: 265598,
      side: 'buy',
      type: 'limit',
      quantity: 1,
      price: 100,
    });
    expect(broker.status, JSON.stringify(broker.body)).toBe(200);
    expect(broker.body.confirmed_questions).toEqual(['o163']);

    // Moved through the market by an amend that adds nothing to its size: still a fat finger, never sent.
    const before = sends.broker();
    const amended = await call('mcp-broker', 'amend_order', { order_id: broker.body.order_id, price: 1_000 });
    expect(amended.status).toBe(422);
    expect(amended.body.error.details).toMatchObject({
      risk_check: 'price_collar',
      limit: 1_000,
      collar_pct: 4,
    });
    expect(sends.broker()).toBe(before);
  });
});

describe('a marketable order is valued at the levels it walks, its rest at its limit', () => {
  it('perpdex: a buy limit at the fourth ask, 60 ETH more than the four levels hold', async () => {
    const { asks } = await perpdexBook();
    const limit = asks[3]![0];
    const size = Number(
      (asks.slice(0, 4).reduce((sum, [, available]) => sum + available, 0) + 60).toFixed(4),
    );
    const walked = walk(asks, size, limit, true);
    expect(walked.left).toBeCloseTo(60, 6);
    const answer = await call('mcp-perpdex', 'place_order', {
      coin: 'ETH',
      side: 'buy',
      size,
      type: 'limit',
      price: limit,
    });
    expect(answer.body.error?.code).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(answer.body.error.details.added_notional).toBeCloseTo(walked.notional + walked.left * limit, 4);
    expect(sends.perpdex()).toBe(0);
  });

  it('optx: a USDC-linear buy counts its walk where it is above the index', async () => {
    const name = 'ETH_USDC-PERPETUAL';
    const book = (await call('mcp-optx', 'get_orderbook', { instrument_name: name, depth: 20 })).body;
    const asks = book.asks as Levels;
    // Its tick is 0.1: a limit in tenths a little past the third level.
    const limit = Number((Math.ceil(asks[2]![0] * 1.0005 * 10) / 10).toFixed(1));
    const amount = Math.ceil(asks.slice(0, 4).reduce((sum, [, size]) => sum + size, 0));
    const walked = walk(asks, amount, limit, true);
    const expected = amount * Math.max(book.index_price, (walked.notional + walked.left * limit) / amount);
    const answer = await call('mcp-optx', 'place_order', {
      instrument_name: name,
      side: 'buy',
      amount,
      type: 'limit',
      price: limit,
    });
    expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(answer.body.error.details.added_notional).toBeCloseTo(expected, 2);
    expect(sends.optx()).toBe(0);
  });

  it('broker: a buy limit 1 % above the ask walks the top of the book and counts the rest at its limit', async () => {
    const quote = (await call('mcp-broker', 'get_snapshot', { conids: [265598] })).body.snapshots[0];
    const limit = Math.round(quote.ask * 1.01 * 100) / 100;
    const quantity = quote.ask_size + 12_000;
    const answer = await call('mcp-broker', 'place_order', {
      conid: 265598,
      side: 'buy',
      type: 'limit',
      quantity,
      price: limit,
    });
    expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe('LEVERAGE_CAP_EXCEEDED');
    expect(answer.body.error.details.added_notional).toBeCloseTo(
      quote.ask_size * quote.ask + 12_000 * limit,
      4,
    );
    expect(sends.broker()).toBe(0);
  });
});
