import { describe, expect, it } from 'vitest';
import { LINEAR, testCore } from './fixtures.js';

const sym = LINEAR.symbol;

describe('exchange core: triggers and contingent orders', () => {
  it('a stop waits untriggered until its reference crosses, then fires a new order that fills', () => {
    const { core, feed, clock } = testCore({ halfSpread: 0.0001, levelSize: 1 });
    const stop = core.place({
      account: 'alice',
      symbol: sym,
      side: 'sell',
      type: 'market',
      size: 0.1,
      trigger: { kind: 'stop', price: 49_000, reference: 'index' },
    }).order;
    expect(stop.state).toBe('untriggered');
    clock.advance(60_000);
    feed.set('BTC', { index: 49_500, mark: 48_000 });
    expect(core.order(stop.id)!.state).toBe('untriggered');
    clock.advance(60_000);
    feed.set('BTC', { index: 48_990 });
    const fired = core.order(stop.id)!;
    expect(fired.state).toBe('triggered');
    const child = core.order(fired.triggeredOrderId!)!;
    expect(child).toMatchObject({ state: 'filled', triggerOrderId: stop.id, createdAt: fired.updatedAt });
    expect(fired.history.map((h) => h.state)).toEqual(['untriggered', 'triggered']);
  });

  it('refuses a trigger already on the wrong side, and a take-profit fires on the favourable side', () => {
    const { core, feed } = testCore({ halfSpread: 0.0001, levelSize: 1 });
    const base = {
      account: 'alice',
      symbol: sym,
      side: 'sell',
      type: 'limit',
      size: 0.1,
      price: 51_000,
    } as const;
    expect(
      core.place({ ...base, trigger: { kind: 'stop', price: 50_500, reference: 'mark' } }).order.rejectReason,
    ).toBe('bad_trigger_price');
    const tp = core.place({
      ...base,
      trigger: { kind: 'take_profit', price: 51_000, reference: 'mark' },
    }).order;
    feed.set('BTC', { index: 51_200 });
    const child = core.order(core.order(tp.id)!.triggeredOrderId!)!;
    expect(child.state).toBe('filled');
    expect(child.averagePrice).toBeGreaterThanOrEqual(51_000);
  });

  it('a last-price trigger fires on a trade, not on the mark', () => {
    const { core } = testCore();
    const stop = core.place({
      account: 'alice',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.1,
      price: 50_600,
      trigger: { kind: 'stop', price: 50_500, reference: 'last' },
    }).order;
    core.place({ account: 'bob', symbol: sym, side: 'sell', type: 'limit', size: 1, price: 50_500 });
    expect(core.order(stop.id)!.state).toBe('untriggered');
    core.deposit('carol', 'USD', 100_000);
    core.place({ account: 'carol', symbol: sym, side: 'buy', type: 'limit', size: 0.1, price: 50_500 });
    expect(core.prices(sym).last).toBe(50_500);
    const child = core.order(core.order(stop.id)!.triggeredOrderId!)!;
    expect(child).toMatchObject({ state: 'filled', averagePrice: 50_500 });
  });

  it('OCO: when one leg fills the other is cancelled', () => {
    const { core } = testCore();
    const [tp, sl] = core.placeOco([
      { account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_500 },
      {
        account: 'alice',
        symbol: sym,
        side: 'sell',
        type: 'market',
        size: 0.1,
        trigger: { kind: 'stop', price: 49_500, reference: 'mark' },
      },
    ]);
    expect([tp!.order.state, sl!.order.state]).toEqual(['open', 'untriggered']);
    core.place({ account: 'bob', symbol: sym, side: 'buy', type: 'limit', size: 0.05, price: 50_500 });
    expect(core.order(tp!.order.id)!.state).toBe('partially_filled');
    expect(core.order(sl!.order.id)).toMatchObject({ state: 'cancelled', cancelReason: 'oco_sibling' });
  });

  it('OTO: the secondary waits until the primary fills, and is cancelled if it never does', () => {
    const { core } = testCore();
    const oto = core.placeOto(
      { account: 'alice', symbol: sym, side: 'buy', type: 'limit', size: 0.2, price: 49_800 },
      [
        {
          account: 'alice',
          symbol: sym,
          side: 'sell',
          type: 'limit',
          size: 0.2,
          price: 50_400,
          reduceOnly: true,
        },
      ],
    );
    const secondary = oto.secondaries[0]!.order;
    expect(secondary.state).toBe('waiting');
    core.place({ account: 'bob', symbol: sym, side: 'sell', type: 'limit', size: 0.2, price: 49_800 });
    expect(core.order(secondary.id)).toMatchObject({ state: 'open', size: 0.2 });
    const unfilled = core.placeOto(
      { account: 'alice', symbol: sym, side: 'buy', type: 'limit', size: 0.1, price: 49_000 },
      [{ account: 'alice', symbol: sym, side: 'sell', type: 'limit', size: 0.1, price: 50_400 }],
    );
    core.cancel('alice', unfilled.primary.order.id);
    expect(core.order(unfilled.secondaries[0]!.order.id)).toMatchObject({
      state: 'cancelled',
      cancelReason: 'oto_primary_closed',
    });
  });

  it('bracket: both exits work after the entry fills; the stop firing cancels the take-profit', () => {
    const { core, feed } = testCore({ halfSpread: 0.0001, levelSize: 1 });
    const entry = { account: 'alice', symbol: sym, side: 'buy', type: 'market', size: 0.1 } as const;
    const exit = { account: 'alice', symbol: sym, side: 'sell', size: 0.1, reduceOnly: true } as const;
    const bracket = core.placeBracket(
      entry,
      { ...exit, type: 'limit', price: 52_000 },
      { ...exit, type: 'market', trigger: { kind: 'stop', price: 49_000, reference: 'mark' } },
    );
    expect(bracket.primary.order.state).toBe('filled');
    const [tp, sl] = bracket.secondaries.map((s) => s.order);
    expect([core.order(tp!.id)!.state, core.order(sl!.id)!.state]).toEqual(['open', 'untriggered']);
    feed.set('BTC', { index: 48_900 });
    expect(core.order(sl!.id)!.state).toBe('triggered');
    expect(core.order(tp!.id)).toMatchObject({ state: 'cancelled', cancelReason: 'oco_sibling' });
    expect(core.position('alice', sym).size).toBe(0);
  });

  it('a resting order fills when the simulated market moves through it', () => {
    const { core, feed, clock } = testCore({ halfSpread: 0.0001, levelSize: 1 });
    const bid = core.place({
      account: 'alice',
      symbol: sym,
      side: 'buy',
      type: 'limit',
      size: 0.1,
      price: 49_000,
    });
    expect(bid.order.state).toBe('open');
    clock.advance(5_000);
    feed.set('BTC', { index: 48_950 });
    expect(core.order(bid.order.id)).toMatchObject({ state: 'filled', averagePrice: 49_000 });
    expect(core.fills('alice')[0]).toMatchObject({ liquidity: 'maker', counterOrderId: null, price: 49_000 });
  });

  it('is deterministic: the same seed and clock give the same book and fills', () => {
    const run = () => {
      const { core } = testCore({ halfSpread: 0.0001, levelSize: 1, seed: 9 });
      core.place({ account: 'alice', symbol: sym, side: 'buy', type: 'market', size: 2.5 });
      return { book: core.book(sym), fills: core.fills() };
    };
    expect(run()).toEqual(run());
  });
});
