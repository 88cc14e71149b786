import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { subscribeOnFirstUse } from './stream-tools.js';

const Level = Type.Object({ price: Type.Number(), size: Type.Number() });

export const getDepth = brokerTool({
  name: 'get_depth',
  title: 'Order book depth',
  summary: 'Latest streamed price ladder of a conid, split into bids and asks (subscribes on first use)',
  kind: 'read',
  input: Type.Object(
    { conid: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false, examples: [{ conid: 265598 }] },
  ),
  output: Type.Object(
    {
      conid: Type.Integer(),
      bids: Type.Array(Level),
      asks: Type.Array(Level),
      last: Type.Union([Type.Number(), Type.Null()]),
      updated_at: Type.String({ format: 'date-time' }),
      subscription_id: Type.Union([Type.String(), Type.Null()]),
    },
    {
      examples: [
        {
          conid: 265598,
          bids: [{ price: 168.41, size: 1300 }],
          asks: [{ price: 168.45, size: 300 }],
          last: 168.43,
          updated_at: '2026-11-24T15:00:00.000Z',

          subscription_id: null,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const subscriptionId = await subscribeOnFirstUse(context, 'depth', input.conid);
    const entry = context.clients.broker.streams.cache.depth.get(input.conid)!;
    const bids = entry.rows
      .filter((row) => row.bid !== undefined)
      .map((row) => ({ price: row.price, size: row.bid! }));
    const asks = entry.rows
      .filter((row) => row.ask !== undefined)
      .map((row) => ({ price: row.price, size: row.ask! }));
    asks.sort((a, b) => a.price - b.price);
    bids.sort((a, b) => b.price - a.price);
    return {
      data: {
        conid: input.conid,
        bids,
        asks,
        last: entry.rows.find((row) => row.focus === 1)?.price ?? null,
        updated_at: new Date(entry.updated).toISOString(),
        subscription_id: subscriptionId,
      },
      obtainedAt: entry.updated,
      stale: entry.stale,
    };
  },
});
