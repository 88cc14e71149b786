import { describe, expect, it } from 'vitest';
import { ChartFormatError, chartError, parseChart } from './yahoo-chart.js';

// The notes' example answer (macro.md, simulator notes: ES=F, range=1d, interval=5m).
const ES = {
  chart: {
    result: [
      {
        meta: {
          currency: 'USD',
          symbol: 'ES=F',
          exchangeName: 'CME',
          fullExchangeName: 'CME',
          instrumentType: 'FUTURE',
          firstTradeDate: 969249600,
          regularMarketTime: 1750095300,
          hasPrePostMarketData: false,
          gmtoffset: -14400,
          timezone: 'EDT',
          exchangeTimezoneName: 'America/New_York',
          regularMarketPrice: 6071.25,
          fiftyTwoWeekHigh: 6227.5,
          fiftyTwoWeekLow: 4832.0,
          regularMarketDayHigh: 6080.0,
          regularMarketDayLow: 6032.75,
          regularMarketVolume: 611204,
          shortName: 'E-Mini S&P 500 Sep 25',
          chartPreviousClose: 6033.0,
          priceHint: 2,
          currentTradingPeriod: {
            pre: { timezone: 'EDT', start: 1750046400, end: 1750046400, gmtoffset: -14400 },
            regular: { timezone: 'EDT', start: 1750046400, end: 1750132740, gmtoffset: -14400 },
            post: { timezone: 'EDT', start: 1750132740, end: 1750132740, gmtoffset: -14400 },
          },
          dataGranularity: '5m',
          range: '1d',
          validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
        },
        timestamp: [1750094700, 1750095000, 1750095300],
        indicators: {
          quote: [
            {
              open: [6068.5, 6070.0, null],
              high: [6071.0, 6072.75, 6071.25],
              low: [6066.25, 6069.5, 6070.5],
              close: [6070.0, 6071.0, 6071.25],
              volume: [2211, 1980, 0],
            },
          ],
        },
      },
    ],
    error: null,
  },
};

describe('parseChart', () => {
  it("reads the notes' ES=F answer: meta, session, and a null open kept as null", () => {
    const chart = parseChart(ES);
    expect(chart).toMatchObject({
      symbol: 'ES=F',
      currency: 'USD',
      exchange: 'CME',
      instrumentType: 'FUTURE',
      price: 6071.25,
      previousClose: 6033,
      marketTime: 1750095300,
      dayHigh: 6080,
      dayLow: 6032.75,
      regular: { start: 1750046400, end: 1750132740 },
    });
    expect(chart.bars).toHaveLength(3);
    expect(chart.bars[2]).toEqual({
      time: 1750095300,
      open: null,
      high: 6071.25,
      low: 6070.5,
      close: 6071.25,
      volume: 0,
    });
  });

  it('leaves out a bar without a close, and reads an answer without timestamp as no bars', () => {
    const holed = structuredClone(ES);
    holed.chart.result[0]!.indicators.quote[0]!.close[1] = null as never;
    expect(parseChart(holed).bars.map((bar) => bar.time)).toEqual([1750094700, 1750095300]);
    const closed = structuredClone(ES) as { chart: { result: Record<string, unknown>[] } };
    delete closed.chart.result[0]!.timestamp;
    closed.chart.result[0]!.indicators = { quote: [{}] };
    expect(parseChart(closed)).toMatchObject({ price: 6071.25, bars: [] });
  });

  it('refuses an answer without a result, and reads the not-found envelope', () => {
    const notFound = {
      chart: {
        result: null,
        error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
      },
    };
    expect(() => parseChart(notFound)).toThrow(ChartFormatError);
    expect(chartError(notFound)).toEqual({
      code: 'Not Found',
      description: 'No data found, symbol may be delisted',
    });
    expect(() => parseChart('Too Many Requests')).toThrow(ChartFormatError);
  });
});
