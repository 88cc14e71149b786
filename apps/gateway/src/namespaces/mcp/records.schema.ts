import { Type } from '@sinclair/typebox';

/** Shared records of the common interface, with `$id`s so they become named OpenAPI components. */

export const CandleSchema = Type.Object(
  {
    timestamp: Type.Integer({ description: 'Bar open time, epoch milliseconds (UTC)' }),
    open: Type.Number(),
    high: Type.Number(),
    low: Type.Number(),
    close: Type.Number(),
    volume: Type.Number({ description: 'Traded quantity in the base coin' }),
  },
  { $id: 'Candle' },
);

export const ConsensusCandleSchema = Type.Object(
  {
    timestamp: Type.Integer({ description: 'Bar open time, epoch milliseconds (UTC)' }),
    open: Type.Number({ description: 'Median of the contributing opens' }),
    high: Type.Number({ description: 'Median of the contributing highs' }),
    low: Type.Number({ description: 'Median of the contributing lows' }),
    close: Type.Number({ description: 'Median of the contributing closes' }),
    volume: Type.Number({ description: 'Sum of the contributing base-coin volumes' }),
    sources: Type.Integer({ minimum: 1, description: 'Exchanges that contributed to the bar' }),
    div_pct: Type.Number({
      minimum: 0,
      description:
        '(max − min) / median of the contributing closes, as a fraction (0.001 = 0.1 %); 0 with one source',
    }),
  },
  { $id: 'ConsensusCandle' },
);

export const FailedSourceSchema = Type.Object(
  {
    exchange: Type.String(),
    error: Type.String({ description: 'Error code and message from that exchange' }),
  },
  { $id: 'FailedSource' },
);

export const InstrumentSchema = Type.Object(
  {
    exchange: Type.Union([Type.Literal('optx'), Type.Literal('perpdex')]),
    symbol: Type.String({ description: 'Native symbol of the exchange' }),
    asset_class: Type.String(),
    type: Type.Union([
      Type.Literal('perpetual'),
      Type.Literal('future'),
      Type.Literal('option'),
      Type.Literal('spot'),
    ]),
    fees: Type.Union([Type.Object({ maker: Type.Number(), taker: Type.Number() }), Type.Null()], {
      description: 'Commission fractions; null when the exchange has account-level fees only',
    }),
    history_start: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    tick_size: Type.Number(),
    native: Type.Object({}, { additionalProperties: true, description: 'Exchange fields, unchanged' }),
  },
  { $id: 'Instrument' },
);

export const ListingMetaSchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1 }),
    has_more: Type.Boolean(),
  },
  { $id: 'ListingMeta' },
);

/** Request fields shared by get_historical and get_indicators. */
export const historyRequestFields = {
  exchange: Type.Optional(
    Type.Union([Type.Literal('optx'), Type.Literal('perpdex'), Type.Null()], {
      description:
        'Set: that exchange only, `instrument` is its native symbol. Omitted/null: multi-exchange consensus',
    }),
  ),
  instrument: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'Native symbol (e.g. BTC-PERPETUAL, SOL_USDC-PERPETUAL, BTC) or, for consensus, BTC/ETH/SOL',
  }),
  interval: Type.Optional(
    Type.Union(
      ['1m', '5m', '15m', '1h', '4h', '1d'].map((value) => Type.Literal(value)),
      { default: '1h' },
    ),
  ),
  start_date: Type.String({
    minLength: 10,
    maxLength: 40,
    description: 'YYYY-MM-DD (00:00:00 UTC) or ISO 8601 datetime (no zone = UTC); inclusive',
  }),
  end_date: Type.String({
    minLength: 10,
    maxLength: 40,
    description: 'YYYY-MM-DD (through 23:59:59.999 UTC of that day) or ISO 8601 datetime; inclusive',
  }),
  asset_class: Type.Optional(
    Type.String({
      maxLength: 32,
      default: 'crypto',
      description: 'Routes the consensus; only used without exchange',
    }),
  ),
};
