import { Type } from '@sinclair/typebox';
import type { Chart } from '../../providers/yahoo/yahoo-chart.js';
import { isoTime, NullableNumber, round } from './sources.js';

/**
 * A market quote from a Yahoo chart (notes macro.md tool 3): the last price, the previous session's close
 * (`chartPreviousClose` of a `range=1d` chart), the change, the session's high and low (from meta, else from
 * the bars) and `as_of` = the last price's time.
 */

export const QuoteSchema = Type.Object({
  symbol: Type.String({ description: 'Yahoo symbol' }),
  name: Type.Union([Type.String(), Type.Null()]),
  price: Type.Number(),
  previous_close: NullableNumber('Close of the previous session'),
  change: NullableNumber('price − previous_close'),
  change_pct: NullableNumber('Percent change from previous_close'),
  day_high: NullableNumber('High of the current session'),
  day_low: NullableNumber('Low of the current session'),
  currency: Type.Union([Type.String(), Type.Null()]),
  as_of: Type.String({ format: 'date-time', description: 'Time of the last price (UTC)' }),
});

export interface Quote {
  symbol: string;
  name: string | null;
  price: number;
  previous_close: number | null;
  change: number | null;
  change_pct: number | null;
  day_high: number | null;
  day_low: number | null;
  currency: string | null;
  as_of: string;
}

/**
 * Quotes by chart: a chart is a cache entry shared by every call within its 60 s, so its quote is worked out
 * once (a warm get_market_overview reads eleven of them per call). Quotes are read-only once made.
 */
const QUOTES = new WeakMap<Chart, Quote>();

export function quoteOf(chart: Chart): Quote {
  let quote = QUOTES.get(chart);
  if (!quote) {
    quote = computeQuote(chart);
    QUOTES.set(chart, quote);
  }
  return quote;
}

function computeQuote(chart: Chart): Quote {
  const previous = chart.previousClose;
  const change = previous === null ? null : round(chart.price - previous, 6);
  const session = chart.regular ? chart.bars.filter((bar) => bar.time >= chart.regular!.start) : chart.bars;
  const highs = session.map((bar) => bar.high).filter((v): v is number => v !== null);
  const lows = session.map((bar) => bar.low).filter((v): v is number => v !== null);
  return {
    symbol: chart.symbol,
    name: chart.name,
    price: chart.price,
    previous_close: previous,
    change,
    change_pct: previous ? round((chart.price / previous - 1) * 100, 4) : null,
    day_high: chart.dayHigh ?? (highs.length > 0 ? Math.max(...highs) : null),
    day_low: chart.dayLow ?? (lows.length > 0 ? Math.min(...lows) : null),
    currency: chart.currency,
    as_of: isoTime(chart.marketTime * 1000),
  };
}

export const EXAMPLE_QUOTE: Quote = {
  symbol: 'ES=F',
  name: 'E-Mini S&P 500 Sep 25',
  price: 6071.25,
  previous_close: 6033,
  change: 38.25,
  change_pct: 0.634,
  day_high: 6080,
  day_low: 6032.75,
  currency: 'USD',
  as_of: '2025-06-16T17:35:00.000Z',
};
