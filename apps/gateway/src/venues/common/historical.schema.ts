import { type Static, Type } from '@sinclair/typebox';
import {
  CandleSchema,
  ConsensusCandleSchema,
  DataTimestampSchema,
  FailedSourceSchema,
  historyRequestFields,
  TestnetSchema,
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
  candles: Type.Array(CandleSchema),
  sources_used: exchangeList,
  data_timestamp: DataTimestampSchema,
  testnet: TestnetSchema,
});

export const ConsensusHistoryOutputSchema = Type.Object({
  exchange: Type.Null(),
  instrument: Type.String(),
  asset_class: Type.String(),
  interval: Type.String(),
  candles: Type.Array(ConsensusCandleSchema),
  sources_used: exchangeList,
  failed_sources: Type.Array(FailedSourceSchema),
  symbols: Type.Object(
    { optx: Type.Optional(Type.String()), perpdex: Type.Optional(Type.String()) },
    { description: 'Native symbol used on each exchange' },
  ),
  data_timestamp: DataTimestampSchema,
  testnet: TestnetSchema,
});

export const GetHistoricalOutputSchema = Type.Union([
  SingleHistoryOutputSchema,
  ConsensusHistoryOutputSchema,
]);
