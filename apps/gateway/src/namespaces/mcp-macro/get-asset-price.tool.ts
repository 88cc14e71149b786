import { Type } from '@sinclair/typebox';
import { unknownSymbol } from '../../providers/yahoo/yahoo-client.js';
import { YAHOO_ALIASES, yahooSymbol } from '../../providers/yahoo/yahoo-symbols.js';
import { macroTool } from './macro-tool.js';
import { EXAMPLE_QUOTE, QuoteSchema, quoteOf } from './quote.js';
import { isoTime } from './sources.js';

export const GetAssetPriceInputSchema = Type.Object(
  {
    symbol: Type.String({
      minLength: 1,
      maxLength: 20,
      pattern: '^[A-Za-z0-9^=.\\-_]+$',
      description: `A Yahoo symbol (ES=F, ^GSPC, BTC-USD) or an alias: ${Object.keys(YAHOO_ALIASES).join(', ')}`,
    }),
    history_days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 365, default: 0, description: 'Also the last N daily closes' }),
    ),
  },
  { additionalProperties: false, examples: [{ symbol: 'btc' }, { symbol: 'ES=F', history_days: 5 }] },
);

export const GetAssetPriceOutputSchema = Type.Object(
  {
    source: Type.Literal('yahoo'),
    quote: QuoteSchema,
    exchange: Type.Union([Type.String(), Type.Null()]),
    instrument_type: Type.Union([Type.String(), Type.Null()]),
    market_state: Type.Union([Type.Literal('open'), Type.Literal('closed')], {
      description: 'open while the last price lies in the regular session (crypto: always)',
    }),
    history: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), close: Type.Number() }), {
      description: 'Daily closes, oldest first (history_days)',
    }),
  },
  {
    examples: [
      {
        source: 'yahoo',
        quote: EXAMPLE_QUOTE,
        exchange: 'CME',
        instrument_type: 'FUTURE',
        market_state: 'open',
        history: [],
      },
    ],
  },
);

/** A range holding at least `days` daily bars, with room for holidays and bars Yahoo left empty. */
const dailyRange = (days: number) => (days <= 15 ? '1mo' : days <= 45 ? '3mo' : days <= 100 ? '6mo' : '2y');

export const getAssetPrice = macroTool({
  name: 'get_asset_price',
  title: 'Asset price',
  summary: 'Last price, previous close and change of one index, future, currency or crypto (Yahoo chart v8)',
  description:
    'Accepts a Yahoo symbol or an alias. An unknown symbol is 404 UNKNOWN_SYMBOL naming `symbol`. ' +
    'Index quotes may be delayed by the exchange.',
  kind: 'read',
  input: GetAssetPriceInputSchema,
  output: GetAssetPriceOutputSchema,
  handler: async (input, context) => {
    const symbol = yahooSymbol(input.symbol);
    const days = input.history_days ?? 0;
    const rethrow = (error: unknown) => {
      throw (error as { code?: string }).code === 'UNKNOWN_SYMBOL' ? unknownSymbol(symbol, 'symbol') : error;
    };
    const [quoted, daily] = await Promise.all([
      context.clients.yahoo.chart(context, symbol, '1d', '5m').catch(rethrow),
      days > 0
        ? context.clients.yahoo.chart(context, symbol, dailyRange(days), '1d').catch(rethrow)
        : undefined,
    ]);
    const chart = quoted!.data;
    const open =
      chart.instrumentType === 'CRYPTOCURRENCY' ||
      (chart.regular !== null &&
        chart.marketTime >= chart.regular.start &&
        chart.marketTime < chart.regular.end);
    return {
      data: {
        source: 'yahoo' as const,
        quote: quoteOf(chart),
        exchange: chart.exchange,
        instrument_type: chart.instrumentType,
        market_state: open ? ('open' as const) : ('closed' as const),
        history: (daily?.data.bars ?? [])
          .slice(-days)
          .map((bar) => ({ date: isoTime(bar.time * 1000).slice(0, 10), close: bar.close })),
      },
      obtainedAt: chart.marketTime * 1000,
      stale: quoted!.stale || daily?.stale,
    };
  },
});
