import { type Static, Type } from '@sinclair/typebox';
import { addMonths, exactly, isOutdated, pctChange } from '../../domain/observations.js';
import type { FredSeries } from '../../providers/fred/fred-client.js';
import { FRED_SERIES, FRED_SERIES_KEYS, type FredSeriesKey } from '../../providers/fred/fred-series.js';
import type { Chart } from '../../providers/yahoo/yahoo-chart.js';
import { fredReads } from './fred-reads.js';
import { macroTool } from './macro-tool.js';
import { EXAMPLE_QUOTE, QuoteSchema, quoteOf } from './quote.js';
import {
  dayStartMs,
  FailedDataSourceSchema,
  gather,
  NullableNumber,
  noSourceLeft,
  round,
} from './sources.js';

const DEFAULT_INDICATORS: FredSeriesKey[] = [
  'fed_funds_effective',
  'cpi',
  'core_cpi',
  'unemployment',
  'us10y',
  'us2y',
  'breakeven_10y',
  'm2',
  'usd_broad',
];
const QUOTE_SYMBOLS = ['DX-Y.NYB', '^VIX', 'GC=F', 'CL=F', 'BTC-USD'];

export const GetEconomicIndicatorsInputSchema = Type.Object(
  {
    indicators: Type.Optional(
      Type.Array(Type.Union(FRED_SERIES_KEYS.map((key) => Type.Literal(key))), {
        minItems: 1,
        maxItems: FRED_SERIES_KEYS.length,
        uniqueItems: true,
        description: `FRED series by key; default ${DEFAULT_INDICATORS.join(', ')}`,
      }),
    ),
    include_quotes: Type.Optional(
      Type.Boolean({ default: true, description: `Also quote ${QUOTE_SYMBOLS.join(', ')}` }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ indicators: ['cpi', 'us10y', 'breakeven_10y'], include_quotes: false }, {}],
  },
);

const IndicatorSchema = Type.Object({
  key: Type.String(),
  series_id: Type.String(),
  value: Type.Number(),
  date: Type.String({
    format: 'date',
    description: 'Observation date (monthly series: the first of the month)',
  }),
  as_of: Type.String({ format: 'date-time', description: 'The observation date at 00:00 UTC' }),
  previous: NullableNumber('The observation before'),
  change: NullableNumber('value − previous'),
  yoy_pct: NullableNumber('Index series: percent change from the same period a year earlier'),
  mom_pct: NullableNumber('Index series: percent change from the month before'),
  units: Type.String(),
  frequency: Type.String(),
  outdated: Type.Boolean({
    description: 'The latest observation is older than twice the usual publication gap',
  }),
});

export const GetEconomicIndicatorsOutputSchema = Type.Object(
  {
    source: Type.Literal('fred'),
    fred_route: Type.Union([Type.Literal('api'), Type.Literal('csv')], {
      description: 'api with a FRED key; csv: the key-less graph CSV fallback (no key configured)',
    }),
    indicators: Type.Array(IndicatorSchema),
    quotes: Type.Array(QuoteSchema),
    derived: Type.Object({ real_rate_10y: NullableNumber('us10y − breakeven_10y when both were read') }),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        source: 'fred',
        fred_route: 'api',
        indicators: [
          {
            key: 'cpi',
            series_id: 'CPIAUCSL',
            value: 321.465,
            date: '2025-05-01',
            as_of: '2025-05-01T00:00:00.000Z',
            previous: 320.795,
            change: 0.67,
            yoy_pct: 2.38,
            mom_pct: 0.21,
            units: 'index 1982-84=100',
            frequency: 'monthly',
            outdated: false,
          },
        ],
        quotes: [EXAMPLE_QUOTE],
        derived: { real_rate_10y: 2.08 },
        failed_sources: [],
      },
    ],
  },
);

type Indicator = Static<typeof IndicatorSchema>;

function indicatorOf(key: FredSeriesKey, series: FredSeries, today: string): Indicator | null {
  const info = FRED_SERIES[key];
  const rows = series.observations;
  const latest = rows.at(-1);
  if (!latest) return null;
  const previous = rows.at(-2);
  const index = 'index' in info;
  return {
    key,
    series_id: info.id,
    value: latest.value,
    date: latest.date,
    as_of: new Date(dayStartMs(latest.date)).toISOString(),
    previous: previous?.value ?? null,
    change: previous ? round(latest.value - previous.value, 6) : null,
    yoy_pct: index
      ? nullableRound(pctChange(latest.value, exactly(rows, addMonths(latest.date, -12))))
      : null,
    mom_pct:
      index && info.frequency === 'monthly'
        ? nullableRound(pctChange(latest.value, exactly(rows, addMonths(latest.date, -1))))
        : null,
    units: info.units,
    frequency: info.frequency,
    outdated: isOutdated(info.frequency, latest.date, today),
  };
}

const nullableRound = (value: number | null) => (value === null ? null : round(value, 4));

export const getEconomicIndicators = macroTool({
  name: 'get_economic_indicators',
  title: 'Economic indicators',
  summary:
    'Latest value, previous, change and YoY of FRED series (rates, CPI, unemployment, M2, ...) plus market quotes',
  description:
    'FRED series observations ("." missing values skipped: the latest is the last numeric one). Without a FRED key ' +
    'the key-less graph CSV is read (fred_route csv). Quotes from the Yahoo chart API. A series or quote that fails ' +
    'is listed in failed_sources; nothing at all is a 502.',
  kind: 'read',
  input: GetEconomicIndicatorsInputSchema,
  output: GetEconomicIndicatorsOutputSchema,
  handler: async (input, context) => {
    const keys = input.indicators ?? DEFAULT_INDICATORS;
    const today = new Date(context.now()).toISOString().slice(0, 10);
    const quoteSymbols = input.include_quotes === false ? [] : QUOTE_SYMBOLS;
    const [fred, yahoo] = await Promise.all([
      gather<FredSeries>(fredReads(keys, context)),
      gather<Chart>(
        quoteSymbols.map((symbol) => ({
          source: 'yahoo',
          item: symbol,
          run: () => context.clients.yahoo.chart(context, symbol),
        })),
      ),
    ]);
    const indicators = keys
      .map((key) => {
        const fetched = fred.results.get(FRED_SERIES[key].id);
        return fetched ? indicatorOf(key, fetched.data, today) : null;
      })
      .filter((indicator): indicator is Indicator => indicator !== null);
    const quotes = quoteSymbols.flatMap((symbol) => {
      const chart = yahoo.results.get(symbol)?.data;
      return chart ? [quoteOf(chart)] : [];
    });
    const failed = [...fred.failed, ...yahoo.failed];
    if (indicators.length === 0 && quotes.length === 0)
      throw noSourceLeft('no indicator or quote could be read', {
        ...fred,
        failed,
        errors: [...fred.errors, ...yahoo.errors],
      });
    const us10y = indicators.find((indicator) => indicator.key === 'us10y');
    const breakeven = indicators.find((indicator) => indicator.key === 'breakeven_10y');
    const times = [
      ...indicators.map((indicator) => Date.parse(indicator.as_of)),
      ...quotes.map((quote) => Date.parse(quote.as_of)),
    ];
    return {
      data: {
        source: 'fred' as const,
        fred_route: context.clients.fred.via,
        indicators,
        quotes,
        derived: { real_rate_10y: us10y && breakeven ? round(us10y.value - breakeven.value, 4) : null },
        failed_sources: failed,
      },
      obtainedAt: Math.max(...times),
      stale: fred.stale || yahoo.stale,
    };
  },
});
