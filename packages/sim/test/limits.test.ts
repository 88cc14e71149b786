import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { creditBucket, creditCaller } from '../src/deribit/deribit-credits.js';
import { mergeLimitSettings, RateLimits } from '../src/frame/limits.js';
import { exchangeWeight, infoWeight, itemsWeight } from '../src/hyperliquid/hyperliquid-weights.js';
import {
  createOptxSimulator,
  createPerpdexSimulator,
  DERIBIT_LIMITS,
  HYPERLIQUID_LIMITS,
} from '../src/index.js';

/** The frame's limiter on a clock the test drives, and the venues' pricing of requests. */

const GET = { method: 'GET', url: '/api/v2/public/ticker?instrument_name=BTC-PERPETUAL' };

function driven(settings = {}) {
  let now = 0;
  const limits = new RateLimits(
    { credits: { cost: 500, pool: 1_500, refillPerSecond: 1_000 } },
    settings,
    () => now,
  );
  return { limits, advance: (ms: number) => (now += ms) };
}

describe('rate limits (frame)', () => {
  it('a caller spends its pool at the flat cost, is refused once it cannot cover one, and refills with time', () => {
    const { limits, advance } = driven();
    expect([1, 2, 3].map(() => limits.take('credits', 'ip:a', GET))).toEqual([true, true, true]);
    expect(limits.take('credits', 'ip:a', GET)).toBe(false);
    expect(limits.remaining('credits', 'ip:a')).toBe(0);
    advance(499); // 499 credits: not yet a request
    expect(limits.take('credits', 'ip:a', GET)).toBe(false);
    advance(1);
    expect(limits.take('credits', 'ip:a', GET)).toBe(true);
    advance(60_000); // never above the pool
    expect(limits.remaining('credits', 'ip:a')).toBe(1_500);
  });

  it('callers have balances of their own', () => {
    const { limits } = driven();
    for (let i = 0; i < 3; i++) limits.take('credits', 'ip:a', GET);
    expect(limits.take('credits', 'ip:a', GET)).toBe(false);
    expect(limits.take('credits', 'token:t1', GET)).toBe(true);
    expect(limits.remaining('credits', 'ip:b')).toBe(1_500);
  });

  it('counts refusals by bucket, method and path, and forgets them on resetCounts', () => {
    const { limits } = driven({ rules: { credits: { pool: 0 } } });
    limits.take('credits', 'ip:a', GET);
    limits.take('credits', 'ip:a', GET);
    limits.take('credits', 'ip:a', { method: 'POST', url: '/info' });
    expect(limits.rateLimited()).toBe(3);
    expect(limits.rateLimited({ path: '/api/v2/public' })).toBe(2);
    expect(limits.rateLimited({ method: 'POST' })).toBe(1);
    expect(limits.rateLimited({ bucket: 'other' })).toBe(0);
    expect(limits.stats().rateLimited).toEqual({
      total: 3,
      by: { 'credits GET /api/v2/public/ticker': 2, 'credits POST /info': 1 },
    });
    limits.resetCounts();
    expect(limits.rateLimited()).toBe(0);
  });

  it('switched off, lets everything through and counts nothing', () => {
    const { limits } = driven({ enabled: false });
    for (let i = 0; i < 10; i++) expect(limits.take('credits', 'ip:a', GET)).toBe(true);
    expect(limits.rateLimited()).toBe(0);
    limits.enabled = true;
    expect(limits.remaining('credits', 'ip:a')).toBe(1_500); // nothing was taken while off
  });

  it('a weight known after the answer may take the balance below zero; the next request waits for the refill', () => {
    const { limits, advance } = driven();
    expect(limits.take('credits', 'ip:a', GET, 1_000)).toBe(true);
    limits.charge('credits', 'ip:a', 1_000);
    expect(limits.remaining('credits', 'ip:a')).toBe(-500);
    expect(limits.take('credits', 'ip:a', GET, 1)).toBe(false);
    advance(501);
    expect(limits.take('credits', 'ip:a', GET, 1)).toBe(true);
  });

  it('set tunes a bucket and every balance in it starts over full; refill fills all', () => {
    const { limits } = driven();
    limits.take('credits', 'ip:a', GET);
    limits.set('credits', { pool: 500, refillPerSecond: 0 });
    expect(limits.rules.credits).toEqual({ cost: 500, pool: 500, refillPerSecond: 0 });
    expect(limits.take('credits', 'ip:a', GET)).toBe(true);
    expect(limits.take('credits', 'ip:a', GET)).toBe(false);
    limits.refill();
    expect(limits.take('credits', 'ip:a', GET)).toBe(true);
  });

  it('refuses unknown buckets and numbers that are not finite and >= 0', () => {
    const { limits } = driven();
    expect(() => limits.set('nope', { pool: 1 })).toThrow(/no rate-limit bucket nope/);
    expect(() => limits.set('credits', { pool: -1 })).toThrow(/credits\.pool/);
    expect(() => limits.set('credits', { refillPerSecond: Number.NaN })).toThrow(/refillPerSecond/);
    expect(() => limits.set('credits', { burst: 3 } as never)).toThrow(/unknown field burst/);
    expect(() => limits.take('nope', 'ip:a', GET)).toThrow(/no rate-limit bucket/);
    expect(() => createOptxSimulator({ limits: { rules: { ip_weight: { pool: 1 } } } })).toThrow(/ip_weight/);
  });

  it('runs on real elapsed time by default', async () => {
    const limits = new RateLimits({ b: { cost: 1, pool: 1, refillPerSecond: 50 } });
    expect(limits.take('b', 'c', GET)).toBe(true);
    expect(limits.take('b', 'c', GET)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(limits.take('b', 'c', GET)).toBe(true);
  });

  it('settings layer: the later enabled wins, rules merge bucket by bucket', () => {
    expect(
      mergeLimitSettings(
        { enabled: true, rules: { a: { pool: 1 } } },
        undefined,
        { enabled: false, rules: { a: { cost: 2 }, b: { pool: 3 } } },
        {},
      ),
    ).toEqual({ enabled: false, rules: { a: { pool: 1, cost: 2 }, b: { pool: 3 } } });
  });
});

describe('venue pricing', () => {
  it('Deribit: get_instruments and order entry have buckets of their own, everything else the default', () => {
    expect(creditBucket('public', 'get_instruments')).toBe('get_instruments');
    expect(creditBucket('public', 'ticker')).toBe('non_matching_engine');
    expect(creditBucket('public', 'nope')).toBe('non_matching_engine');
    for (const method of [
      'buy',
      'sell',
      'edit',
      'cancel',
      'cancel_all',
      'cancel_all_by_instrument',
      'cancel_by_label',
      'close_position',
    ])
      expect(creditBucket('private', method)).toBe('matching_engine');
    expect(creditBucket('private', 'get_positions')).toBe('non_matching_engine');
    expect(DERIBIT_LIMITS).toEqual({
      non_matching_engine: { cost: 500, pool: 50_000, refillPerSecond: 10_000 },
      get_instruments: { cost: 10_000, pool: 500_000, refillPerSecond: 10_000 },
      matching_engine: { cost: 1_000, pool: 20_000, refillPerSecond: 5_000 },
    });
  });

  it('Deribit: the caller is the bearer token when there is one, else the remote IP', async () => {
    const app = Fastify();
    app.get('/', async (request: FastifyRequest) => creditCaller(request));
    expect((await app.inject({ url: '/' })).body).toBe('ip:127.0.0.1');
    expect((await app.inject({ url: '/', headers: { authorization: 'Bearer abc.def' } })).body).toBe(
      'token:abc.def',
    );
    expect((await app.inject({ url: '/', headers: { authorization: 'deri-hmac-sha256 id=x' } })).body).toBe(
      'ip:127.0.0.1',
    );
    await app.close();
  });

  it('Hyperliquid: /info weights by type, extra weight per items returned (ceil), /exchange by batch', () => {
    for (const type of [
      'l2Book',
      'allMids',
      'clearinghouseState',
      'orderStatus',
      'spotClearinghouseState',
      'exchangeStatus',
    ])
      expect(infoWeight({ type })).toBe(2);
    expect(infoWeight({ type: 'userRole' })).toBe(60);
    for (const type of ['meta', 'metaAndAssetCtxs', 'candleSnapshot', 'openOrders', 'bogus'])
      expect(infoWeight({ type })).toBe(20);
    expect(infoWeight(null)).toBe(20);
    const candles = (n: number) => new Array(n).fill({});
    expect(itemsWeight({ type: 'candleSnapshot' }, candles(0))).toBe(0);
    expect(itemsWeight({ type: 'candleSnapshot' }, candles(1))).toBe(1);
    expect(itemsWeight({ type: 'candleSnapshot' }, candles(60))).toBe(1);
    expect(itemsWeight({ type: 'candleSnapshot' }, candles(61))).toBe(2);
    expect(itemsWeight({ type: 'candleSnapshot' }, candles(5000))).toBe(84);
    expect(itemsWeight({ type: 'userFills' }, candles(21))).toBe(2);
    expect(itemsWeight({ type: 'meta' }, candles(500))).toBe(0);
    expect(exchangeWeight({ action: { type: 'order', orders: candles(1) } })).toBe(1);
    expect(exchangeWeight({ action: { type: 'order', orders: candles(39) } })).toBe(1);
    expect(exchangeWeight({ action: { type: 'order', orders: candles(40) } })).toBe(2);
    expect(exchangeWeight({ action: { type: 'order', orders: candles(79) } })).toBe(2);
    expect(exchangeWeight({ action: { type: 'cancel', cancels: candles(80) } })).toBe(3);
    expect(exchangeWeight({ action: { type: 'updateLeverage' } })).toBe(1);
    expect(HYPERLIQUID_LIMITS).toEqual({ ip_weight: { pool: 1200, refillPerSecond: 20 } });
  });

  it('definitions carry their venue buckets, on unless told otherwise', () => {
    expect(createOptxSimulator().limits).toEqual({ rules: DERIBIT_LIMITS, enabled: true });
    expect(
      createPerpdexSimulator({ limits: { enabled: false, rules: { ip_weight: { pool: 100 } } } }).limits,
    ).toEqual({ rules: { ip_weight: { pool: 100, refillPerSecond: 20 } }, enabled: false });
  });
});
