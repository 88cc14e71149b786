import { Type } from '@sinclair/typebox';
import type { Chart } from '../../providers/yahoo/yahoo-chart.js';
import { macroTool } from './macro-tool.js';
import { EXAMPLE_QUOTE, type Quote, QuoteSchema, quoteOf } from './quote.js';
import { FailedDataSourceSchema, gather, NullableNumber, noSourceLeft, round } from './sources.js';

/** The E-mini index futures (continuous front contracts) and the index whose session says regular or not. */
const FUTURES = ['ES=F', 'NQ=F', 'YM=F', 'RTY=F'] as const;
const SESSION_INDEX = '^GSPC';

export const GetEquityFuturesInputSchema = Type.Object(
  {
    include_vix: Type.Optional(Type.Boolean({ default: false, description: 'Also quote ^VIX for context' })),
  },
  { additionalProperties: false, examples: [{}, { include_vix: true }] },
);

export const GetEquityFuturesOutputSchema = Type.Object(
  {
    source: Type.Literal('yahoo'),
    futures: Type.Array(QuoteSchema, { description: 'ES=F, NQ=F, YM=F, RTY=F (those that answered)' }),
    vix: Type.Union([QuoteSchema, Type.Null()]),
    average_change_pct: NullableNumber('Mean change_pct of the futures quoted'),
    direction: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('flat'), Type.Null()], {
      description: 'up above +0.2 %, down below −0.2 %, else flat',
    }),
    session: Type.Union([Type.Literal('regular'), Type.Literal('overnight'), Type.Null()], {
      description: "overnight outside the S&P 500's regular session; null when the index did not answer",
    }),
    failed_sources: Type.Array(FailedDataSourceSchema),
  },
  {
    examples: [
      {
        source: 'yahoo',
        futures: [EXAMPLE_QUOTE],
        vix: null,
        average_change_pct: 0.634,
        direction: 'up',
        session: 'regular',
        failed_sources: [],
      },
    ],
  },
);

export function futuresDirection(average: number | null) {
  if (average === null) return null;
  return average > 0.2 ? ('up' as const) : average < -0.2 ? ('down' as const) : ('flat' as const);
}

export const getEquityFutures = macroTool({
  name: 'get_equity_futures',
  title: 'Equity index futures',
  summary: 'E-mini S&P 500, Nasdaq-100, Dow and Russell 2000 futures: price, change, direction and session',
  description:
    'Continuous front-month contracts from the Yahoo chart API; they roll between months, which can show as a ' +
    'jump on roll days. A symbol that fails is listed in failed_sources; none answering is a 502.',
  kind: 'read',
  input: GetEquityFuturesInputSchema,
  output: GetEquityFuturesOutputSchema,
  handler: async (input, context) => {
    const symbols: string[] = [...FUTURES, SESSION_INDEX, ...(input.include_vix ? ['^VIX'] : [])];
    const gathered = await gather<Chart>(
      symbols.map((symbol) => ({
        source: 'yahoo',
        item: symbol,
        run: () => context.clients.yahoo.chart(context, symbol),
      })),
    );
    const charts = FUTURES.map((symbol) => gathered.results.get(symbol)?.data).filter((c): c is Chart => !!c);
    if (charts.length === 0) throw noSourceLeft('no equity future could be quoted', gathered);
    const futures: Quote[] = charts.map(quoteOf);
    const changes = futures.map((quote) => quote.change_pct).filter((v): v is number => v !== null);
    const average = changes.length > 0 ? round(changes.reduce((a, b) => a + b, 0) / changes.length, 4) : null;
    const index = gathered.results.get(SESSION_INDEX)?.data;
    const now = context.now() / 1000;
    const session = index?.regular
      ? now >= index.regular.start && now < index.regular.end
        ? ('regular' as const)
        : ('overnight' as const)
      : null;
    const vix = gathered.results.get('^VIX')?.data;
    return {
      data: {
        source: 'yahoo' as const,
        futures,
        vix: vix ? quoteOf(vix) : null,
        average_change_pct: average,
        direction: futuresDirection(average),
        session,
        failed_sources: gathered.failed,
      },
      obtainedAt: Math.max(...charts.map((chart) => chart.marketTime * 1000)),
      stale: gathered.stale,
    };
  },
});
