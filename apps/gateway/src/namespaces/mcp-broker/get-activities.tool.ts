import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { num } from './order-rows.js';

export const getActivities = brokerTool({
  name: 'get_activities',
  title: 'Activities',
  summary: 'Executions of the account over the last 1 to 7 days (IBKR trades)',
  kind: 'read',
  input: Type.Object(
    { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 7, default: 1 })) },
    { additionalProperties: false, examples: [{ days: 2 }] },
  ),
  output: Type.Object(
    {
      activities: Type.Array(
        Type.Object({
          type: Type.Literal('fill'),
          execution_id: Type.String(),
          order_id: Type.Union([Type.String(), Type.Null()]),
          client_order_id: Type.Union([Type.String(), Type.Null()]),
          conid: Type.Integer(),
          symbol: Type.String(),
          side: Type.Union([Type.Literal('buy'), Type.Literal('sell'), Type.Literal('expired')]),
          quantity: Type.Number(),
          price: Type.Union([Type.Number(), Type.Null()]),
          commission: Type.Union([Type.Number(), Type.Null()]),
          time: Type.String({ format: 'date-time' }),
        }),
      ),
    },
    {
      examples: [
        {
          activities: [
            {
              type: 'fill',
              execution_id: '0000dc8f.6b9035f5.01.01',
              order_id: '1234567880',
              client_order_id: null,
              conid: 265598,
              symbol: 'AAPL',
              side: 'buy',
              quantity: 1,
              price: 250.1,
              commission: 1,
              time: '2024-12-30T14:58:11.000Z',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.trades(context, input.days ?? 1);
    const activities = (Array.isArray(fetched.data) ? fetched.data : []).map((row) => ({
      type: 'fill' as const,
      execution_id: String(row.execution_id),
      order_id: row.order_id === undefined ? null : String(row.order_id),
      client_order_id: typeof row.order_ref === 'string' ? row.order_ref : null,
      conid: Number(row.conid),
      symbol: String(row.symbol ?? ''),
      side: row.side === 'B' ? ('buy' as const) : row.side === 'S' ? ('sell' as const) : ('expired' as const),
      quantity: num(row.size) ?? 0,
      price: num(row.price),
      commission: num(row.commission),
      time: new Date(Number(row.trade_time_r)).toISOString(),
    }));
    return { data: { activities }, obtainedAt: fetched.receivedAt };
  },
});
