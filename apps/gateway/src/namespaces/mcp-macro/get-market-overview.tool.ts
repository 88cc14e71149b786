import { type Static, Type } from '@sinclair/typebox';
import { type MarketTone, riskTone, volatilityRegime } from '../../domain/market-tone.js';
import type { Chart } from '../../providers/yahoo/yahoo-chart.js';
import { lastMadeFrom } from '../../tools/same-inputs.js';
import type { Fetched } from '../../venues/venue-call.js';
import { macroTool } from './macro-tool.js';
import { EXAMPLE_QUOTE, QuoteSchema, quoteOf } from './quote.js';
import {
  dayStartMs,
  FailedDataSourceSchema,
  type Gathered,
  gather,
  NullableNumber,
  noSourceLeft,
} from './sources.js';

/** The overview's symbols by key (notes macro.md tool 3); `vix` is read apart, with Cboe's file as fallback. */
const OVERVIEW: Record<string, string> = {
  spx: '^GSPC',
  ndx: '^NDX',
  dji: '^DJI',
  rut: '^RUT',
  dxy: 'DX-Y.NYB',
  us10y_yield: '^TNX',
  gold: 'GC=F',
  oil: 'CL=F',
  btc: 'BTC-USD',
  eth: 'ETH-USD',
};

const SYMBOLS = [...Object.values(OVERVIEW), '^VIX'];

/** The last overview made from all-fresh quotes, by the chart objects it was made from. */
const fromSameCharts = lastMadeFrom<ReturnType<typeof overviewOf>>();

export const GetMarketOverviewInputSchema = Type.Object({}, { additionalProperties: false, examples: [{}] });

const VolatilitySchema = Type.Object({
  symbol: Type.Literal('^VIX'),
  level: Type.Number(),
  change_pct: NullableNumber('Percent change from the previous close (null from the daily file)'),
  regime: Type.Union(
    ['calm', 'normal', 'elevated', 'stressed'].map((r) => Type.Literal(r)),
    {
      description: 'calm < 15 ≤ normal < 20 ≤ elevated < 30 ≤ stressed',
    },
  ),
  source: Type.Union([Type.Literal('yahoo'), Type.Literal('cboe_csv')]),
  intraday: Type.Boolean({
    description: 'false when the level is the previous close from Cboe’s daily file',
  }),
  as_of: Type.String({ format: 'date-time' }),
});

export const GetMarketOverviewOutputSchema = Type.Object(
  {
    quotes: Type.Record(Type.String(), QuoteSchema, {
      description: `By key: ${Object.keys(OVERVIEW).join(', ')}`,
    }),
    volatility: Type.Union([VolatilitySchema, Type.Null()]),
    risk_tone: Type.Union(
      [Type.Literal('risk_on'), Type.Literal('risk_off'), Type.Literal('mixed'), Type.Null()],
      {
        description:
          'risk_on: S&P > +0.3 % and VIX falling; risk_off: S&P < −0.3 % and VIX > +5 %; else mixed',
      },
    ),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        quotes: { spx: { ...EXAMPLE_QUOTE, symbol: '^GSPC', name: 'S&P 500' } },
        volatility: {
          symbol: '^VIX',
          level: 17.26,
          change_pct: -4.2,
          regime: 'normal',
          source: 'yahoo',
          intraday: true,
          as_of: '2025-06-16T17:35:00.000Z',
        },
        risk_tone: 'risk_on',
        failed_sources: [],
      },
    ],
  },
);

export const getMarketOverview = macroTool({
  name: 'get_market_overview',
  title: 'Market overview',
  summary: 'Indices, dollar, 10-year yield, gold, oil, BTC and ETH quotes plus the VIX with its regime',
  description:
    'Quotes from the Yahoo chart API. When ^VIX fails the level is the last close of Cboe’s VIX history ' +
    '(source cboe_csv, intraday false). Symbols that fail are listed in failed_sources; nothing at all is a 502.',
  kind: 'read',
  input: GetMarketOverviewInputSchema,
  output: GetMarketOverviewOutputSchema,
  handler: async (_input, context) => {
    const { yahoo, cboe } = context.clients;
    // The charts the cache holds fresh are taken as they are; only the others are read (a warm poll reads
    // none: eleven reads of a cached chart cost more than the answer they lead to).
    const cached = SYMBOLS.map((symbol) => yahoo.freshChart(symbol));
    const gathered = cached.every((chart) => chart !== undefined)
      ? gatheredFrom(cached)
      : await gather<Chart>(
          SYMBOLS.map((symbol, i) => {
            const chart = cached[i];
            return {
              source: 'yahoo',
              item: symbol,
              run: () => (chart ? Promise.resolve(chart) : yahoo.chart(context, symbol)),
            };
          }),
        );
    // Every quote fresh and read: the same charts as the last call make the same answer, the same object.
    if (gathered.failed.length === 0 && !gathered.stale) {
      const charts = SYMBOLS.map((symbol) => gathered.results.get(symbol)?.data);
      return fromSameCharts(charts, () => overviewOf(gathered, null));
    }
    const fallback = gathered.results.has('^VIX')
      ? null
      : await gather([{ source: 'cboe', item: 'VIX_History.csv', run: () => cboe.vixHistory(context) }]);
    return overviewOf(gathered, fallback);
  },
});

/** Charts all taken from the cache, as `gather` would have given them. */
function gatheredFrom(charts: Fetched<Chart>[]): Gathered<Chart> {
  return {
    results: new Map(SYMBOLS.map((symbol, i) => [symbol, charts[i]!])),
    failed: [],
    errors: [],
    stale: false,
  };
}

/** The overview from the Yahoo reads, and Cboe's daily file when ^VIX could not be read. */
function overviewOf(gathered: Gathered<Chart>, fallback: Gathered<{ date: string; close: number }[]> | null) {
  const quotes: Record<string, ReturnType<typeof quoteOf>> = {};
  const times: number[] = [];
  for (const [key, symbol] of Object.entries(OVERVIEW)) {
    const chart = gathered.results.get(symbol)?.data;
    if (!chart) continue;
    quotes[key] = quoteOf(chart);
    times.push(chart.marketTime * 1000);
  }
  let volatility: Static<typeof VolatilitySchema> | null = null;
  const vixChart = gathered.results.get('^VIX')?.data;
  if (vixChart) {
    const quote = quoteOf(vixChart);
    times.push(vixChart.marketTime * 1000);
    volatility = {
      symbol: '^VIX',
      level: quote.price,
      change_pct: quote.change_pct,
      regime: volatilityRegime(quote.price),
      source: 'yahoo',
      intraday: true,
      as_of: quote.as_of,
    };
  } else if (fallback) {
    gathered.failed.push(...fallback.failed);
    gathered.errors.push(...fallback.errors);
    gathered.stale ||= fallback.stale;
    const last = fallback.results.get('VIX_History.csv')?.data.at(-1);
    if (last) {
      // The file's close is that day's 16:15 New York settlement; the date alone is what it states.
      times.push(dayStartMs(last.date));
      volatility = {
        symbol: '^VIX',
        level: last.close,
        change_pct: null,
        regime: volatilityRegime(last.close),
        source: 'cboe_csv',
        intraday: false,
        as_of: new Date(dayStartMs(last.date)).toISOString(),
      };
    }
  }
  if (times.length === 0) throw noSourceLeft('no market quote could be read', gathered);
  const tone: MarketTone | null = riskTone(quotes.spx?.change_pct ?? null, volatility?.change_pct ?? null);
  return {
    data: { quotes, volatility, risk_tone: tone, failed_sources: gathered.failed },
    obtainedAt: Math.max(...times),
    stale: gathered.stale,
  };
}
