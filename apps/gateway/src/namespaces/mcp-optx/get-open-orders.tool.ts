import { Type } from '@sinclair/typebox';
import type { WireObject } from '../../venues/deribit/deribit-trading.js';
import { optxTool } from './optx-clients.js';
import { Currency, ORDER_EXAMPLE, OrderSchema } from './order-schemas.js';

const OPEN_TYPES = [
  'all',
  'limit',
  'trigger_all',
  'stop_all',
  'stop_limit',
  'stop_market',
  'take_all',
  'take_limit',
  'take_market',
  'trailing_all',
  'trailing_stop',
] as const;

/** Both lists by `order_id`; the later `last_update_timestamp` wins (spec, notes §5.4). */
export function mergeByOrderId(...lists: WireObject[][]): WireObject[] {
  const merged = new Map<string, WireObject>();
  for (const row of lists.flat()) {
    const id = String(row.order_id);
    const held = merged.get(id);
    if (!held || Number(row.last_update_timestamp) >= Number(held.last_update_timestamp)) merged.set(id, row);
  }
  return [...merged.values()].sort((a, b) => Number(a.creation_timestamp) - Number(b.creation_timestamp));
}

export const getOpenOrders = optxTool({
  name: 'get_open_orders',
  title: 'Open orders',
  summary: 'Open and untriggered optx orders of a currency (type and trigger_all, merged by order_id)',
  description:
    'Calls private/get_open_orders_by_currency with `type` and again with `type=trigger_all` (untriggered stop and take orders are not reliably in `all`) and merges both by order_id.',
  kind: 'read',
  input: Type.Object(
    {
      currency: Type.Optional(Currency),
      kind: Type.Optional(
        Type.Union([
          Type.Literal('future'),
          Type.Literal('option'),
          Type.Literal('spot'),
          Type.Literal('combo'),
        ]),
      ),
      type: Type.Optional(
        Type.Union(
          OPEN_TYPES.map((t) => Type.Literal(t)),
          { default: 'all' },
        ),
      ),
    },
    { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'ETH', kind: 'option' }] },
  ),
  output: Type.Object({ orders: Type.Array(OrderSchema) }, { examples: [{ orders: [ORDER_EXAMPLE] }] }),
  handler: async (input, context) => {
    const { clients } = context;
    const currency = input.currency ?? 'BTC';
    const type = input.type ?? 'all';
    const calls = [clients.trading.getOpenOrders(context, currency, type, input.kind)];
    if (type === 'all')
      calls.push(clients.trading.getOpenOrders(context, currency, 'trigger_all', input.kind));
    const answers = await Promise.all(calls);
    return {
      data: { orders: mergeByOrderId(...answers.map((a) => a.data)) as never },
      obtainedAt: Math.min(...answers.map((a) => a.receivedAt)),
    };
  },
});
