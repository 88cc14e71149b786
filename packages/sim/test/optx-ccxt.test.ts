import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOptxSimulator, type RunningSimulator, startSimulator } from '../src/index.js';

/**
 * A client no one here wrote: CCXT's `deribit` class, unchanged, with its REST URL pointed at the simulator's
 * test instance. It loads markets (futures, perpetuals, options), reads a ticker, a book, trades and candles.
 */

let sim: RunningSimulator;
// biome-ignore lint/suspicious/noExplicitAny: CCXT's exchange classes are loosely typed
let exchange: any;

beforeAll(async () => {
  sim = await startSimulator(createOptxSimulator({ limits: { enabled: false } }));
  exchange = new ccxt.deribit({ enableRateLimit: false });
  exchange.urls.api = { rest: sim.test.url };
});
afterAll(() => sim.close());

describe('CCXT deribit against the simulator', () => {
  it('loads futures, perpetuals and options', async () => {
    const markets = await exchange.loadMarkets();
    const all = Object.values(markets) as { type: string; swap: boolean; option: boolean; future: boolean }[];
    expect(markets['BTC/USD:BTC']).toMatchObject({ id: 'BTC-PERPETUAL', swap: true, inverse: true });
    expect(all.some((m) => m.future)).toBe(true);
    expect(all.some((m) => m.option)).toBe(true);
  });

  it('reads a ticker, an order book, trades and candles', async () => {
    const ticker = await exchange.fetchTicker('BTC/USD:BTC');
    expect(ticker.bid).toBeLessThan(ticker.ask);
    expect(ticker.markPrice).toBeGreaterThan(0);
    const book = await exchange.fetchOrderBook('BTC/USD:BTC', 10);
    expect(book.bids.length).toBeGreaterThan(0);
    expect(book.bids[0][0]).toBeLessThan(book.asks[0][0]);
    const trades = await exchange.fetchTrades('BTC/USD:BTC', undefined, 5);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]).toMatchObject({ symbol: 'BTC/USD:BTC', price: expect.any(Number) });
    const candles = await exchange.fetchOHLCV('BTC/USD:BTC', '1h', undefined, 24);
    expect(candles.length).toBeGreaterThan(20);
    const [timestamp, open, high, low, close] = candles.at(-1);
    expect(timestamp % 3_600_000).toBe(0);
    expect(high).toBeGreaterThanOrEqual(Math.max(open, close, low));
  });
});
