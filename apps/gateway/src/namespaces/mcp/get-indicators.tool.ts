import { Type } from '@sinclair/typebox';
import { computeIndicators, parseIndicatorNames } from '../../domain/indicators/indicators.js';
import { historyColumns, loadHistory } from './historical.service.js';
import { inputExchange, marketTool } from './market-tool.js';
import { FailedSourceSchema, historyRequestFields } from './records.schema.js';

export const GetIndicatorsInputSchema = Type.Object(
  {
    ...historyRequestFields,
    indicators: Type.Optional(
      Type.Union(
        [
          Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 32 }),
          Type.String({ maxLength: 512 }),
          Type.Null(),
        ],
        {
          description:
            'Names as a list or comma-separated string: sma (20), rsi (14), atr (14), macd (12/26/9), adx (14). Default rsi, atr, macd, adx; an unsupported name yields null',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        exchange: 'perpdex',
        instrument: 'ETH',
        interval: '4h',
        start_date: '2026-09-01',
        end_date: '2026-10-31',
        indicators: 'rsi,macd',
      },
    ],
  },
);

export const IndicatorResultSchema = Type.Object(
  {
    parameters: Type.Record(Type.String(), Type.Number()),
    min_candles: Type.Integer({ description: 'Candles needed before the first value (TA-Lib warm-up)' }),
    timestamp: Type.Union([Type.Integer(), Type.Null()], { description: 'Open time of the bar of `value`' }),
    value: Type.Union([
      Type.Number(),
      Type.Object({ macd: Type.Number(), signal: Type.Number(), histogram: Type.Number() }),
      Type.Null(),
    ]),
  },
  { $id: 'IndicatorResult' },
);

export const GetIndicatorsOutputSchema = Type.Object(
  {
    exchange: Type.Union([Type.Literal('optx'), Type.Literal('perpdex'), Type.Null()]),
    instrument: Type.String(),
    interval: Type.String(),
    indicators: Type.Record(Type.String(), Type.Union([IndicatorResultSchema, Type.Null()])),
    candles_used: Type.Integer({ minimum: 0 }),
    sources_used: Type.Array(Type.String()),
    failed_sources: Type.Optional(Type.Array(FailedSourceSchema)),
  },
  {
    examples: [
      {
        exchange: 'perpdex',
        instrument: 'ETH',
        interval: '4h',
        indicators: {
          rsi: { parameters: { period: 14 }, min_candles: 15, timestamp: 1793476800000, value: 48.7 },
          macd: {
            parameters: { fast_period: 12, slow_period: 26, signal_period: 9 },
            min_candles: 34,
            timestamp: 1793476800000,
            value: { macd: -12.4, signal: -9.8, histogram: -2.6 },
          },
          vwap: null,
        },
        candles_used: 366,
        sources_used: ['perpdex'],
        data_timestamp: '2026-11-20T12:34:56.789Z',
      },
    ],
  },
);

export const getIndicators = marketTool({
  name: 'get_indicators',
  title: 'Technical indicators',
  summary: 'SMA, RSI, ATR, MACD and ADX (TA-Lib conventions) over the get_historical candles',
  kind: 'read',
  exchange: inputExchange,
  input: GetIndicatorsInputSchema,
  output: GetIndicatorsOutputSchema,
  handler: async (input, context) => {
    const { clients, now } = context;
    const names = parseIndicatorNames(input.indicators);
    const { data: history, obtainedAt, release } = await loadHistory(context, input, clients, now());
    // The candles are read here and dropped: the answer is small, so the admission permit goes back at once.
    try {
      const candles = await historyColumns(history.grids);
      return {
        data: {
          exchange: history.exchange,
          instrument: history.instrument,
          interval: history.interval,
          indicators: computeIndicators(names, candles),
          candles_used: candles.length,
          sources_used: history.sources_used,
          ...('failed_sources' in history ? { failed_sources: history.failed_sources } : {}),
        },
        obtainedAt,
      };
    } finally {
      release();
    }
  },
});
