import { describe, expect, it } from 'vitest';
import { getMarketOverview } from '../../src/namespaces/mcp-macro/get-market-overview.tool.js';
import type { Chart } from '../../src/providers/yahoo/yahoo-chart.js';

/**
 * get_market_overview hands back the very answer object of the last call while every chart it reads is the
 * same cache entry (so the answer's rendering is reused too), and a new one as soon as one chart changes.
 */

const chart = (symbol: string, price: number): Chart => ({
  symbol,
  currency: 'USD',
  exchange: null,
  instrumentType: null,
  name: symbol,
  price,
  previousClose: 100,
  marketTime: 1_795_000_000,
  dayHigh: null,
  dayLow: null,
  regular: null,
  bars: [],
});

/** `cached`: the symbols the Yahoo cache holds fresh (freshChart); the others are read (chart), into `read`. */
function overviewWith(charts: Map<string, Chart>, cached = new Set<string>(), read: string[] = []) {
  const fetched = (symbol: string) => ({ data: charts.get(symbol)!, native: null, receivedAt: 0 });
  const clients = {
    yahoo: {
      chart: async (_call: unknown, symbol: string) => {
        read.push(symbol);
        return fetched(symbol);
      },
      freshChart: (symbol: string) => (cached.has(symbol) ? fetched(symbol) : undefined),
    },
    cboe: { vixHistory: async () => Promise.reject(new Error('not read while Yahoo answers')) },
  };
  const tool = getMarketOverview;
  if (tool.kind !== 'read') throw new Error('get_market_overview is a read');
  // The handler reads only its clients from the context.
  return () => tool.handler({}, { clients } as never);
}

const symbols = [
  '^GSPC',
  '^NDX',
  '^DJI',
  '^RUT',
  'DX-Y.NYB',
  '^TNX',
  'GC=F',
  'CL=F',
  'BTC-USD',
  'ETH-USD',
  '^VIX',
];

describe('get_market_overview answer reuse', () => {
  it('is the same object while the charts are, and follows a chart that changed', async () => {
    const charts = new Map(symbols.map((symbol) => [symbol, chart(symbol, 101)]));
    const overview = overviewWith(charts);
    const first = await overview();
    expect((await overview()).data).toBe(first.data);
    charts.set('^GSPC', chart('^GSPC', 99));
    const moved = await overview();
    expect(moved.data).not.toBe(first.data);
    expect((moved.data.quotes as Record<string, { price: number }>).spx?.price).toBe(99);
    expect((await overview()).data).toBe(moved.data);
  });

  it('reads only the charts the cache does not hold fresh, and none on a warm poll', async () => {
    const charts = new Map(symbols.map((symbol) => [symbol, chart(symbol, 101)]));
    const cached = new Set(symbols.filter((symbol) => symbol !== '^NDX'));
    const read: string[] = [];
    const overview = overviewWith(charts, cached, read);
    const first = await overview();
    expect(read).toEqual(['^NDX']);
    expect((first.data.quotes as Record<string, { price: number }>).ndx?.price).toBe(101);
    cached.add('^NDX');
    expect((await overview()).data).toBe(first.data);
    expect(read).toEqual(['^NDX']);
  });
});
