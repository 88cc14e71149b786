import { unprocessable } from '@app/kit';
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { ToolResult, WriteContext } from '../../tools/tool.js';
import { deribitLabel } from '../../trading/client-order-id.js';
import { checkPrice, listedInstrument } from './instrument-rules.js';
import { livePosition } from './live-position.js';
import { type OptxClients, optxTool } from './optx-clients.js';
import { priceOptxLeg } from './optx-pricing.js';
import { InstrumentName, OrderAnswerSchema } from './order-schemas.js';

type OrderAnswer = Static<typeof OrderAnswerSchema>;

/**
 * When each close was sent, so a lost answer is looked up among the orders made since: `private/close_position`
 * takes no label (notes §5.7), so the lookup finds the reduce-only order on the instrument created from then on.
 */
const sentAt = new WeakMap<object, number>();
/** The venue's clock and the gateway's may differ a little; an order this much older still counts. */
const CLOCK_TOLERANCE_MS = 5_000;

async function findClose(
  instrument: string,
  context: WriteContext<OptxClients>,
): Promise<ToolResult<OrderAnswer> | undefined> {
  const since = (sentAt.get(context) ?? context.now()) - CLOCK_TOLERANCE_MS;
  const { trading } = context.clients;
  const [open, trades] = await Promise.all([
    trading.getOpenOrdersByInstrument(context, instrument),
    trading.getUserTrades(context, instrument, 50),
  ]);
  const resting = open.data.find((o) => o.reduce_only === true && Number(o.creation_timestamp) >= since);
  const filled = trades.data.find((t) => t.reduce_only === true && Number(t.timestamp) >= since);
  const orderId = String(resting?.order_id ?? filled?.order_id ?? '');
  if (!orderId) return undefined;
  const order = await trading.getOrderState(context, orderId);
  return {
    data: {
      order: order.data,
      trades: trades.data.filter((t) => t.order_id === orderId),
    } as unknown as OrderAnswer,
    obtainedAt: order.receivedAt,
    upstreamIds: [orderId],
  };
}

export const closePosition = optxTool({
  name: 'close_position',
  title: 'Close position',
  summary:
    'Closes the whole optx position of one instrument with a reduce-only order (private/close_position)',
  description:
    'Market by default; `limit` with `price` rests a reduce-only order. Flat: 409 NO_POSITION, nothing sent. Exempt from the leverage cap. Deribit’s close_position takes no label: a lost answer is reconciled by finding the reduce-only order created on the instrument since the send.',
  kind: 'write',
  input: Type.Object(
    {
      instrument_name: InstrumentName,
      type: Type.Optional(Type.Union([Type.Literal('market'), Type.Literal('limit')], { default: 'market' })),
      price: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    },
    { additionalProperties: false, examples: [{ instrument_name: 'BTC-PERPETUAL', type: 'market' }] },
  ),
  output: OrderAnswerSchema,
  write: {
    venue: 'optx',
    clientOrderId: deribitLabel,
    send: async (input, context) => {
      const type = input.type ?? 'market';
      const instrument = await listedInstrument(context, context.clients, input.instrument_name);
      if (type === 'limit') {
        if (input.price === undefined)
          throw unprocessable('price: required for type limit', 'VALIDATION_ERROR', { field: 'price' });
        checkPrice(instrument, input.price);
      }
      const position = await livePosition(context, context.clients, input.instrument_name);
      // Reduce-only and outside the cap, but a limit through the market is collared like any order's.
      if (type === 'limit')
        await priceOptxLeg(
          context,
          {
            instrument_name: input.instrument_name,
            side: position.size > 0 ? 'sell' : 'buy',
            amount: Math.abs(position.size),
            type,
            price: input.price,
          },
          false,
        );
      sentAt.set(context, context.now());
      const closed = await context.clients.trading.closePosition(
        context,
        input.instrument_name,
        type,
        input.price,
      );
      return {
        data: closed.data as unknown as OrderAnswer,
        obtainedAt: closed.receivedAt,
        upstreamIds: [String(closed.data.order.order_id)],
      };
    },
    lookup: (input, context) => findClose(input.instrument_name, context),
  },
});
