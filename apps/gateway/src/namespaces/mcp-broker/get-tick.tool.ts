import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { quoteOf, quoteProperties, TICKER_CODES, TICKER_EXAMPLE } from './quote-rows.js';
import { subscribeOnFirstUse } from './stream-tools.js';

export const getTick = brokerTool({
  name: 'get_tick',
  title: 'Latest tick',
  summary: 'Latest streamed top of book of a conid from the shared websocket (subscribes on first use)',
  description:
    'Read from the last-value cache; the answer carries `stale: true` while the socket reconnects and no fresh message came yet.',
  kind: 'read',
  input: Type.Object(
    { conid: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false, examples: [{ conid: 265598 }] },
  ),
  output: Type.Object(
    {
      conid: Type.Integer(),
      ...quoteProperties(TICKER_CODES),
      updated_at: Type.String({ format: 'date-time' }),
      subscription_id: Type.Union([Type.String(), Type.Null()], {
        description: 'Set when this call subscribed',
      }),
    },
    {
      examples: [
        {
          conid: 265598,
          ...TICKER_EXAMPLE,
          updated_at: '2026-11-24T15:00:00.000Z',

          subscription_id: null,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const subscriptionId = await subscribeOnFirstUse(context, 'tick', input.conid);
    const entry = context.clients.broker.streams.cache.ticks.get(input.conid)!;
    return {
      data: {
        conid: input.conid,
        ...quoteOf(TICKER_CODES, entry.fields),
        updated_at: new Date(entry.updated).toISOString(),
        subscription_id: subscriptionId,
      },
      obtainedAt: entry.updated,
      stale: entry.stale,
    };
  },
});
