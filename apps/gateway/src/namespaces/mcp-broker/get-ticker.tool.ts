import { Type } from '@sinclair/typebox';
import { TICKER_FIELDS } from '../../venues/ibkr/ibkr-client.js';
import { brokerTool } from './broker-tool.js';
import {
  ConidsSchema,
  quoteOf,
  quoteProperties,
  TICKER_CODES,
  TICKER_EXAMPLE,
  updatedAtOf,
} from './quote-rows.js';

export const TickerSchema = Type.Object({
  conid: Type.Integer(),
  ...quoteProperties(TICKER_CODES),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const getTicker = brokerTool({
  name: 'get_ticker',
  title: 'Ticker',
  summary: 'Last, bid, ask, sizes and volume per conid from a market data snapshot (preflight handled)',
  kind: 'read',
  input: Type.Object(
    { conids: ConidsSchema },
    { additionalProperties: false, examples: [{ conids: [265598] }] },
  ),
  output: Type.Object(
    { tickers: Type.Array(TickerSchema) },
    {
      examples: [
        {
          tickers: [
            {
              conid: 265598,
              ...TICKER_EXAMPLE,
              updated_at: '2026-11-24T15:00:00.000Z',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.snapshot(context, input.conids, TICKER_FIELDS);
    const tickers = fetched.data.map((row) => ({
      conid: Number(row.conid),
      ...quoteOf(TICKER_CODES, row),
      updated_at: updatedAtOf(row),
    }));
    return { data: { tickers }, obtainedAt: fetched.receivedAt };
  },
});
