import { type Static, Type } from '@sinclair/typebox';
import { listOf } from '../../tools/lazy-list.js';
import { getHistory } from './historical.service.js';
import { inputExchange, marketTool } from './market-tool.js';
import {
  CandleSchema,
  ConsensusCandleSchema,
  FailedSourceSchema,
  historyRequestFields,
} from './records.schema.js';

export const GetHistoricalInputSchema = Type.Object(historyRequestFields, {
  additionalProperties: false,
  examples: [
    {
      exchange: 'optx',
      instrument: 'BTC-PERPETUAL',
      interval: '1h',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    },
    { instrument: 'SOL', interval: '1d', start_date: '2025-01-01', end_date: '2025-12-31' },
  ],
});
export type GetHistoricalInput = Static<typeof GetHistoricalInputSchema>;

const exchangeList = Type.Array(Type.Union([Type.Literal('optx'), Type.Literal('perpdex')]));

export const SingleHistoryOutputSchema = Type.Object({
  exchange: Type.Union([Type.Literal('optx'), Type.Literal('perpdex')]),
  instrument: Type.String(),
  interval: Type.String(),
  candles: listOf(CandleSchema),
  sources_used: exchangeList,
});

export const ConsensusHistoryOutputSchema = Type.Object({
  exchange: Type.Null(),
  instrument: Type.String(),
  asset_class: Type.String(),
  interval: Type.String(),
  candles: listOf(ConsensusCandleSchema),
  sources_used: exchangeList,
  failed_sources: Type.Array(FailedSourceSchema),
  symbols: Type.Object(
    { optx: Type.Optional(Type.String()), perpdex: Type.Optional(Type.String()) },
    { description: 'Native symbol used on each exchange' },
  ),
});

export const GetHistoricalOutputSchema = Type.Union(
  [SingleHistoryOutputSchema, ConsensusHistoryOutputSchema],
  {
    examples: [
      {
        exchange: null,
        instrument: 'BTC',
        asset_class: 'crypto',
        interval: '1h',
        candles: [
          {
            timestamp: 1790920800000,
            open: 118210,
            high: 118420,
            low: 118150.5,
            close: 118355.5,
            volume: 853.9,
            sources: 2,
            div_pct: 0.00021,
          },
        ],
        sources_used: ['optx', 'perpdex'],
        failed_sources: [],
        symbols: { optx: 'BTC-PERPETUAL', perpdex: 'BTC' },
        data_timestamp: '2026-11-20T12:34:56.789Z',
      },
    ],
  },
);

export const getHistorical = marketTool({
  name: 'get_historical',
  title: 'Historical candles',
  summary: 'Candles of one exchange, or a per-bar multi-exchange consensus when exchange is omitted',
  kind: 'read',
  exchange: inputExchange,
  input: GetHistoricalInputSchema,
  output: GetHistoricalOutputSchema,
  handler: (input, context) => getHistory(context, input, context.clients, context.now()),
});
