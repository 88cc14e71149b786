import { describe, expect, it } from 'vitest';
import { contractValue, liquidationPrice, positionPnl } from '../../src/exchange/index.js';
import { INVERSE, LINEAR, testCore } from './fixtures.js';

/** Alice rests at `price`, Bob takes it: a trade at exactly that price. */
function trade(
  core: ReturnType<typeof testCore>['core'],
  symbol: string,
  bobSide: 'buy' | 'sell',
  size: number,
  price: number,
) {
  core.place({
    account: 'alice',
    symbol,
    side: bobSide === 'buy' ? 'sell' : 'buy',
    type: 'limit',
    size,
    price,
  });
  return core.place({ account: 'bob', symbol, side: bobSide, type: 'limit', size, price });
}

describe('exchange core: linear and inverse P&L, margin, liquidation', () => {
  it('linear: buy 2 at 50 000, sell 1 at 51 000 realises 1 000 USD; the rest floats with the mark', () => {
    const { core, feed } = testCore();
    trade(core, LINEAR.symbol, 'buy', 2, 50_000);
    const exit = trade(core, LINEAR.symbol, 'sell', 1, 51_000);
    expect(exit.fills[0]!.realisedPnl).toBe(1_000);
    feed.set('BTC', { index: 52_000 });
    const position = core.position('bob', LINEAR.symbol);
    expect(position).toMatchObject({ size: 1, entryPrice: 50_000, realisedPnl: 1_000, unrealisedPnl: 2_000 });
    // Taker fees: 2 × 50 000 × 0.0005 = 50 and 51 000 × 0.0005 = 25.5.
    expect(position.fees).toBeCloseTo(75.5, 9);
    expect(core.summary('bob', 'USD').equity).toBeCloseTo(1_000_000 - 75.5 + 1_000 + 2_000, 6);
    // Alice mirrors it and paid maker fees: (100 000 + 51 000) × 0.0002 = 30.2.
    expect(core.summary('alice', 'USD').equity).toBeCloseTo(1_000_000 - 30.2 - 1_000 - 2_000, 6);
  });

  it('inverse: long 10 000 USD from 50 000 to 55 000 earns 10 000 × (1/50 000 − 1/55 000) BTC', () => {
    const { core } = testCore();
    trade(core, INVERSE.symbol, 'buy', 10_000, 50_000);
    const exit = trade(core, INVERSE.symbol, 'sell', 10_000, 55_000);
    expect(exit.fills[0]!.realisedPnl).toBeCloseTo(0.2 - 0.18181818181818182, 15);
    expect(exit.fills[0]!.realisedPnl).toBeCloseTo(0.0181818182, 10);
    // Taker fee in coin: 10 000 / 55 000 × 0.0005.
    expect(exit.fills[0]!.fee).toBeCloseTo(0.0000909090909, 12);
    expect(core.position('bob', INVERSE.symbol)).toMatchObject({ size: 0, entryPrice: 0 });
  });

  it('inverse: the entry is the harmonic mean (1 000 USD at 40 000 and at 50 000 → 44 444.44)', () => {
    const { core, feed } = testCore({ halfSpread: 0.5 });
    trade(core, INVERSE.symbol, 'buy', 1_000, 40_000);
    trade(core, INVERSE.symbol, 'buy', 1_000, 50_000);
    feed.set('BTC', { index: 50_000 });
    const position = core.position('bob', INVERSE.symbol);
    expect(position.entryPrice).toBeCloseTo(2_000 / (1_000 / 40_000 + 1_000 / 50_000), 9);
    expect(position.entryPrice).toBeCloseTo(44_444.444444, 5);
    // Valued at 50 000: 2 000 × (1/44 444.44 − 1/50 000) = 0.045 − 0.04 = 0.005 BTC.
    expect(position.unrealisedPnl).toBeCloseTo(0.005, 12);
    expect(position.value).toBeCloseTo(0.04, 12);
  });

  it('a flip realises the closed part and opens the rest at the fill price', () => {
    const { core } = testCore();
    trade(core, LINEAR.symbol, 'buy', 1, 50_000);
    const flip = trade(core, LINEAR.symbol, 'sell', 3, 49_000);
    expect(flip.fills[0]!.realisedPnl).toBe(-1_000);
    expect(core.position('bob', LINEAR.symbol)).toMatchObject({ size: -2, entryPrice: 49_000 });
  });

  it('liquidation price, linear: 1 000 USD behind a 1 BTC long from 10 000 at 0.5 % maintenance → 9 045.23', () => {
    const price = liquidationPrice(LINEAR, 1, 10_000, 1_000, 0.005)!;
    expect(price).toBeCloseTo(9_000 / 0.995, 9);
    expect(price).toBeCloseTo(9_045.226, 3);
    // At that mark, equity equals maintenance margin.
    expect(1_000 + positionPnl(LINEAR, 1, 10_000, price)).toBeCloseTo(
      contractValue(LINEAR, 1, price) * 0.005,
      9,
    );
    // Short 1 BTC from 10 000 with 1 000 USD: (10 000 + 1 000) / 1.005.
    expect(liquidationPrice(LINEAR, -1, 10_000, 1_000, 0.005)).toBeCloseTo(11_000 / 1.005, 9);
    expect(liquidationPrice(LINEAR, 1, 10_000, 20_000, 0.005)).toBeNull();
  });

  it('liquidation price, inverse: 0.1 BTC behind a 10 000 USD long from 50 000 → 33 500', () => {
    expect(liquidationPrice(INVERSE, 10_000, 50_000, 0.1, 0.005)).toBeCloseTo(33_500, 6);
    // A short backed by more coin than its value cannot be liquidated by a rise.
    expect(liquidationPrice(INVERSE, -10_000, 50_000, 0.3, 0.005)).toBeNull();
    // Short 10 000 USD from 50 000 with 0.1 BTC: 9 950 / (0.2 − 0.1) = 99 500.
    expect(liquidationPrice(INVERSE, -10_000, 50_000, 0.1, 0.005)).toBeCloseTo(99_500, 6);
  });

  it('reports the liquidation price of a real position from the account collateral', () => {
    const { core } = testCore();
    core.deposit('dan', 'USD', 1_000);
    core.place({
      account: 'alice',
      symbol: LINEAR.symbol,
      side: 'sell',
      type: 'limit',
      size: 0.2,
      price: 50_000,
    });
    core.place({
      account: 'dan',
      symbol: LINEAR.symbol,
      side: 'buy',
      type: 'limit',
      size: 0.2,
      price: 50_000,
    });
    const position = core.position('dan', LINEAR.symbol);
    const balance = 1_000 - 0.2 * 50_000 * 0.0005;
    expect(position.liquidationPrice).toBeCloseTo((0.2 * 50_000 - balance) / (0.2 * 0.995), 6);
    expect(position.initialMargin).toBeCloseTo(10_000 / 20, 9);
    expect(position.maintenanceMargin).toBeCloseTo(50, 9);
  });

  it('funding: a long pays size × index × rate at each interval boundary; the short receives it', () => {
    const { core, clock, feed } = testCore();
    trade(core, LINEAR.symbol, 'buy', 2, 50_000);
    feed.set('BTC', { index: 50_000, mark: 50_050, fundingRate: 0.0001 });
    const before = core.summary('bob', 'USD').balance;
    clock.advance(2 * 3_600_000);
    const funding = core.ledger('bob').filter((entry) => entry.kind === 'funding');
    expect(funding.map((entry) => entry.amount)).toEqual([-10, -10]);
    expect(core.summary('bob', 'USD').balance).toBeCloseTo(before - 20, 9);
    expect(core.position('alice', LINEAR.symbol).funding).toBeCloseTo(-20, 9);
    // Inverse pays in coin: 10 000 USD / 50 000 × 0.0001 = 0.00002 BTC per 8 h.
    trade(core, INVERSE.symbol, 'buy', 10_000, 50_000);
    clock.advance(8 * 3_600_000);
    expect(core.position('bob', INVERSE.symbol).funding).toBeCloseTo(0.00002, 12);
  });
});
