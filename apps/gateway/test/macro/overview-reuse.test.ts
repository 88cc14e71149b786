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

function overviewWith(charts: Map<string, Chart>) {
  const clients = {
    yahoo: { chart: async (symbol: string) => ({ data: charts.get(symbol)!, native: null, receivedAt: 0 }) },
    cboe: { vixHistory: async () => Promise.reject(new Error('not read while Yahoo answers')) },
  };
  const tool = getMarketOverview;
  if (tool.kind !== 'read') throw new Error('get_market_overview is a read');
  // The handler reads only its clients from the context.
  return () => tool.handler({}, { clients } as never);
}

describe('get_market_overview answer reuse', () => {
  it('is the same object while the charts are, and follows a chart that changed', async () => {
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
});
