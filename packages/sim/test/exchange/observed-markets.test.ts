import { describe, expect, it } from 'vitest';
import { ExchangeCore, type MarketFeed, manualFeed } from '../../src/exchange/index.js';
import { INVERSE, LINEAR, manualClock } from './fixtures.js';

/** A core on both test perpetuals whose feed records which instruments it was asked to mark. */
function countingCore() {
  const clock = manualClock();
  const feed = manualFeed({ BTC: 50_000 });
  const marked: string[] = [];
  const counting: MarketFeed = {
    index: feed.index,
    fundingRate: feed.fundingRate,
    mark: (instrument, at) => {
      marked.push(instrument.symbol);
      return feed.mark(instrument, at);
    },
  };
  const core = new ExchangeCore({ instruments: [LINEAR, INVERSE], feed: counting, clock, seed: 1 });
  core.deposit('bob', 'USD', 1_000_000);
  /** The instruments marked since the last call, each once. */
  const markedSince = () => [...new Set(marked.splice(0))].sort();
  markedSince();
  return { core, clock, feed, markedSince };
}

describe('exchange core: which markets an operation observes', () => {
  it('marks the markets an operation reads and those with resting orders, not every listed one', () => {
    const { core, clock, markedSince } = countingCore();
    const resting = core.place({
      account: 'bob',
      symbol: LINEAR.symbol,
      side: 'buy',
      type: 'limit',
      size: 0.01,
      price: 40_000,
    });
    expect(resting.order.state).toBe('open');
    expect(markedSince()).toEqual([LINEAR.symbol]);

    // A later look: the resting order's market is observed (the market may cross it), and the one read.
    clock.advance(1_000);
    core.prices(INVERSE.symbol);
    expect(markedSince()).toEqual([INVERSE.symbol, LINEAR.symbol].sort());

    // With the order gone, a query of one market marks that market alone.
    core.cancel('bob', resting.order.id);
    markedSince();
    clock.advance(1_000);
    core.prices(INVERSE.symbol);
    expect(markedSince()).toEqual([INVERSE.symbol]);
  });

  it('observes a market again at each look, also when the clock has not moved (the feed may have)', () => {
    const { core, feed } = countingCore();
    expect(core.prices(LINEAR.symbol).mark).toBe(50_000);
    feed.set('BTC', { index: 51_000 });
    expect(core.prices(LINEAR.symbol).mark).toBe(51_000);
  });
});
