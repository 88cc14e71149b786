import { Type } from '@sinclair/typebox';
import { SNAPSHOT_FIELDS } from '../../venues/ibkr/ibkr-client.js';
import { brokerTool } from './broker-tool.js';
import {
  availabilityOf,
  ConidsSchema,
  quoteOf,
  quoteProperties,
  SNAPSHOT_CODES,
  TICKER_EXAMPLE,
  updatedAtOf,
} from './quote-rows.js';

export const getSnapshot = brokerTool({
  name: 'get_snapshot',
  title: 'Snapshot',
  summary:
    'Full quote per conid: last, bid/ask, day open/high/low/close, prior close, change, mark, volume, symbol',
  kind: 'read',
  input: Type.Object(
    { conids: ConidsSchema },
    { additionalProperties: false, examples: [{ conids: [265598, 756733] }] },
  ),
  output: Type.Object(
    {
      snapshots: Type.Array(
        Type.Object({
          conid: Type.Integer(),
          symbol: Type.Union([Type.String(), Type.Null()]),
          company_name: Type.Union([Type.String(), Type.Null()]),
          availability: Type.String({
            description: 'realtime, delayed, frozen, frozen_delayed, not_subscribed',
          }),
          ...quoteProperties(SNAPSHOT_CODES),
          updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        }),
      ),
    },
    {
      examples: [
        {
          snapshots: [
            {
              conid: 265598,
              symbol: 'AAPL',
              company_name: 'APPLE INC',
              availability: 'realtime',
              ...TICKER_EXAMPLE,
              open: 167.1,
              high: 169,
              low: 166.8,
              close: null,
              prior_close: 167,
              change: 1.42,
              change_percent: 0.85,
              mark: 168.42,
              updated_at: '2026-11-24T15:00:00.000Z',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.snapshot(context, input.conids, SNAPSHOT_FIELDS);
    const snapshots = fetched.data.map((row) => ({
      conid: Number(row.conid),
      symbol: typeof row['55'] === 'string' ? row['55'] : null,
      company_name: typeof row['7051'] === 'string' ? row['7051'] : null,
      availability: availabilityOf(row['6509']),
      ...quoteOf(SNAPSHOT_CODES, row),
      updated_at: updatedAtOf(row),
    }));
    return { data: { snapshots }, obtainedAt: fetched.receivedAt };
  },
});
