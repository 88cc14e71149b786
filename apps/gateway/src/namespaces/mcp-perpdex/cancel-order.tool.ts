import { AppError, unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { hyperliquidCloid } from '../../trading/client-order-id.js';
import { singleStatus } from '../../venues/hyperliquid/hyperliquid-exchange-answers.js';
import { perpdexTool } from './perpdex-tool.js';
import { assetOf } from './perpdex-writes.js';

export const CancelOrderInputSchema = Type.Object(
  {
    coin: Type.String({ minLength: 1, maxLength: 32, description: 'Coin of the order (case-sensitive)' }),
    order_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Venue order id (oid)' })),
    client_order_id: Type.Optional(
      Type.String({ pattern: '^0x[0-9a-fA-F]{32}$', description: 'The cloid the order was placed with' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { coin: 'ETH', order_id: 9002 },
      { coin: 'ETH', client_order_id: '0x0000000000000000000000000000abcd' },
    ],
  },
);

const CancelOrderOutputSchema = Type.Object(
  {
    coin: Type.String(),
    order_id: Type.Union([Type.Integer(), Type.Null()]),
    client_order_id: Type.Union([Type.String(), Type.Null()]),
    status: Type.String({ description: '`canceled`' }),
  },
  { examples: [{ coin: 'ETH', order_id: 9002, client_order_id: null, status: 'canceled' }] },
);

/** By oid (`cancel`) or by cloid (`cancelByCloid`, notes §6.3); the venue refuses an order that is not open. */
export const cancelOrder = perpdexTool({
  name: 'cancel_order',
  title: 'Cancel order',
  summary: 'Cancel one open order by order_id or client_order_id (L1-signed)',
  kind: 'write',
  input: CancelOrderInputSchema,
  output: CancelOrderOutputSchema,
  write: {
    venue: 'perpdex',
    clientOrderId: hyperliquidCloid,
    send: async (input, context) => {
      if ((input.order_id === undefined) === (input.client_order_id === undefined))
        throw unprocessable('give exactly one of order_id and client_order_id', 'VALIDATION_ERROR', {
          field: 'order_id',
        });
      const ref = await assetOf(context, input.coin);
      const cloid = input.client_order_id?.toLowerCase();
      const action = cloid
        ? { type: 'cancelByCloid', cancels: [{ asset: ref.asset, cloid }] }
        : { type: 'cancel', cancels: [{ a: ref.asset, o: input.order_id! }] };
      const { response, receivedAt } = await context.clients.perpdex.trading.exchange(context, action);
      singleStatus(response.data?.statuses);
      return {
        data: {
          coin: input.coin,
          order_id: input.order_id ?? null,
          client_order_id: cloid ?? null,
          status: 'canceled',
        },
        obtainedAt: receivedAt,
        upstreamIds: input.order_id ? [String(input.order_id)] : [],
      };
    },
    lookup: async (input, context) => {
      const id = input.client_order_id?.toLowerCase() ?? input.order_id!;
      const found = await context.clients.perpdex.trading.orderStatus(context, id);
      if (!found.data) return undefined;
      if (found.data.status !== 'canceled')
        throw new AppError(409, 'ORDER_NOT_CANCELED', `the order is ${found.data.status}, not canceled`, {
          details: { order_status: found.data.status },
        });
      return {
        data: {
          coin: input.coin,
          order_id: found.data.order.order_id,
          client_order_id: found.data.order.client_order_id,
          status: 'canceled',
        },
        obtainedAt: found.receivedAt,
      };
    },
  },
});
