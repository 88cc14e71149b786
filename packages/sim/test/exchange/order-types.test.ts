import { describe, expect, it } from 'vitest';
import { INVERSE, LINEAR, T0, testCore } from './fixtures.js';

const sym = LINEAR.symbol;

describe('exchange core: order entry', () => {
  it('rejects prices off the tick and sizes off the lot or below the minimum, and records why', () => {
    const { core } = testCore();
    const base = { account: 'alice', symbol: sym, side: 'buy', type: 'limit' } as const;
    expect(core.place({ ...base, size: 0.01, price: 49_000.3 }).order).toMatchObject({
      state: 'rejected',
      rejectReason: 'price_not_on_tick',
    });
    expect(core.place({ ...base, size: 0.0105, price: 49_000 }).order.rejectReason).toBe('size_not_on_lot');
    expect(core.place({ ...base, size: 10, price: 49_000, symbol: INVERSE.symbol }).order.state).toBe('open');
    expect(core.place({ ...base, size: 15, price: 49_000, symbol: INVERSE.symbol }).order.rejectReason).toBe(
      'size_not_on_lot',
    );
    expect(core.place({ ...base, size: 0.01 }).order.rejectReason).toBe('price_required');
    expect(core.place({ ...base, symbol: 'NOPE', size: 1, price: 1 }).order.rejectReason).toBe(
      'unknown_instrument',
    );
  });

  it('rests a limit order that does not cross, then fills it when another account takes it', () => {
    const { core, clock } = testCore();
    const resting = core.place({
      account: 'alice',
      symbol: sym,
      side: 'sell',
      type: 'limit',
      size: 0.5,
      price: 50_100,
    });
    expect(resting.order.state).toBe('open');
    clock.advance(1_000);
    const taker = core.place({
      account: 'bob',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.2,
      price: 50_200,
    });
    expect(taker.order).toMatchObject({ state: 'filled', filled: 0.2, averagePrice: 50_100 });
    expect(taker.fills).toMatchObject([
      { price: 50_100, size: 0.2, liquidity: 'taker', counterOrderId: resting.order.id },
    ]);
    expect(taker.fills[0]!.fee).toBeCloseTo(0.2 * 50_100 * 0.0005, 10);
    const maker = core.order(resting.order.id)!;
    expect(maker).toMatchObject({ state: 'partially_filled', filled: 0.2 });
    expect(maker.fees).toBeCloseTo(0.2 * 50_100 * 0.0002, 10);
    expect(maker.history).toEqual([
      { state: 'open', at: T0 },
      { state: 'partially_filled', at: T0 + 1_000 },
    ]);
  });

  it('fills a market order through the synthetic depth and never past its worst price', () => {
    const { core } = testCore({ halfSpread: 0.0001, levelSize: 0.5 });
    const book = core.book(sym);
    const { order, fills } = core.place({
      account: 'alice',
      symbol: sym,
      side: 'buy',
      type: 'market',
      size: 0.3,
    });
    expect(order.state).toBe('filled');
    expect(fills[0]!.price).toBe(book.asks[0]!.price);
    const worst = book.asks[0]!.price;
    const capped = core.place({
      account: 'alice',
      symbol: sym,
      side: 'buy',
      type: 'market',
      size: 50,
      price: worst,
    });
    expect(capped.order.state).toBe('cancelled');
    expect(capped.order.cancelReason).toBe('market_unfilled');
    for (const fill of capped.fills) expect(fill.price).toBeLessThanOrEqual(worst);
  });

  it('IOC fills what it can and cancels the rest; with nothing to take it ends cancelled, unfilled', () => {
    const { core } = testCore();
    core.place({ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_100 });
    const ioc = core.place({
      account: 'bob',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.3,
      price: 50_150,
      timeInForce: 'ioc',
    });
    expect(ioc.order).toMatchObject({ state: 'cancelled', filled: 0.1, cancelReason: 'immediate_or_cancel' });
    const none = core.place({
      ...ioc.order,
      account: 'bob',
      size: 0.1,
      price: 50_000,
      timeInForce: 'ioc',
    } as never);
    expect(none.order).toMatchObject({ state: 'cancelled', filled: 0, cancelReason: 'immediate_or_cancel' });
    expect(core.openOrders('bob')).toHaveLength(0);
  });

  it('FOK fills completely or not at all', () => {
    const { core } = testCore();
    core.place({ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_100 });
    core.place({ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_200 });
    const request = { account: 'bob', symbol: sym, side: 'buy', type: 'limit', timeInForce: 'fok' } as const;
    const killed = core.place({ ...request, size: 0.2, price: 50_150 });
    expect(killed.order).toMatchObject({ state: 'cancelled', filled: 0, cancelReason: 'fill_or_kill' });
    expect(killed.fills).toEqual([]);
    const filled = core.place({ ...request, size: 0.2, price: 50_200 });
    expect(filled.order).toMatchObject({ state: 'filled', filled: 0.2, averagePrice: 50_150 });
  });

  it('post-only: rejected when it would take, or repriced one tick inside the spread', () => {
    const { core } = testCore();
    core.place({ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_100 });
    const base = {
      account: 'bob',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.1,
      price: 50_100,
    } as const;
    expect(core.place({ ...base, postOnly: 'reject' }).order).toMatchObject({
      state: 'rejected',
      rejectReason: 'post_only_would_cross',
      filled: 0,
    });
    const repriced = core.place({ ...base, postOnly: 'reprice' });
    expect(repriced.order).toMatchObject({ state: 'open', price: 50_099.5, filled: 0 });
    const passive = core.place({ ...base, price: 50_000, postOnly: 'reject' });
    expect(passive.order).toMatchObject({ state: 'open', price: 50_000 });
  });

  it('reduce-only: refused without a position to reduce, capped to the position otherwise', () => {
    const { core } = testCore();
    const sell = { account: 'bob', symbol: sym, side: 'sell', type: 'limit', reduceOnly: true } as const;
    expect(core.place({ ...sell, size: 0.1, price: 49_900 }).order.rejectReason).toBe(
      'reduce_only_would_increase',
    );
    core.place({ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.3, price: 50_100 });
    core.place({ account: 'bob', symbol: sym, side: 'buy', type: 'limit', size: 0.3, price: 50_100 });
    const capped = core.place({ ...sell, size: 1, price: 50_500 });
    expect(capped.order).toMatchObject({ state: 'open', size: 0.3 });
  });

  it('refuses an order its margin cannot carry', () => {
    const { core } = testCore();
    core.deposit('carol', 'USD', 100);
    const request = { account: 'carol', symbol: sym, side: 'buy', type: 'limit', price: 40_000 } as const;
    // 100 USD at 20× carries 2 000 USD of value: 0.05 BTC at 40 000, not 0.051.
    expect(core.place({ ...request, size: 0.051 }).order.rejectReason).toBe('insufficient_margin');
    expect(core.place({ ...request, size: 0.05 }).order.state).toBe('open');
    expect(core.summary('carol', 'USD')).toMatchObject({
      equity: 100,
      openOrderMargin: 100,
      availableFunds: 0,
    });
  });

  it('finds orders by client order id, including the order a trigger created', () => {
    const { core, feed } = testCore();
    core.place({
      account: 'alice',
      symbol: sym,
      side: 'sell',
      type: 'limit',
      size: 0.1,
      price: 51_000,
      clientId: 'a1',
    });
    core.place({
      account: 'alice',
      symbol: sym,
      side: 'sell',
      type: 'market',
      size: 0.1,
      clientId: 'sl-1',
      trigger: { kind: 'stop', price: 49_500, reference: 'mark' },
    });
    expect(core.ordersByClientId('alice', 'a1').map((o) => o.price)).toEqual([51_000]);
    expect(core.ordersByClientId('bob', 'a1')).toEqual([]);
    feed.set('BTC', { index: 49_400 });
    const [stop, child] = core.ordersByClientId('alice', 'sl-1');
    expect(stop).toMatchObject({ state: 'triggered', triggeredOrderId: child!.id });
    expect(child!.triggerOrderId).toBe(stop!.id);
    expect(core.cancelByClientId('alice', 'a1').map((o) => o.state)).toEqual(['cancelled']);
  });

  it('cancels by id only for the owner and only while working', () => {
    const { core } = testCore();
    const { order } = core.place({
      account: 'alice',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.1,
      price: 49_000,
    });
    expect(core.cancel('bob', order.id)).toEqual({ error: 'unknown_order' });
    expect(core.cancel('alice', order.id)).toMatchObject({
      order: { state: 'cancelled', cancelReason: 'user' },
    });
    expect(core.cancel('alice', order.id)).toEqual({ error: 'not_open' });
  });
});
