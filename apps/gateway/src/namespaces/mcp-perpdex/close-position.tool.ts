import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { hyperliquidCloid } from '../../trading/client-order-id.js';
import { checkSize, slippagePrice } from '../../venues/hyperliquid/perp-orders.js';
import { perpdexTool } from './perpdex-tool.js';
import {
  assetOf,
  midOf,
  OrderAnswerSchema,
  oncePerCall,
  orderByCloid,
  positionOf,
  sendOrder,
} from './perpdex-writes.js';

const CloseInputSchema = Type.Object(
  {
    coin: Type.String({ minLength: 1, maxLength: 32, description: 'Coin of the position (case-sensitive)' }),
    size: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Base units to close (partial close); the whole position when omitted',
      }),
    ),
    slippage: Type.Optional(
      Type.Number({
        minimum: 0.0001,
        maximum: 0.5,
        default: 0.05,
        description: 'Fraction through the mid for the IOC price',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ coin: 'ETH' }, { coin: 'ETH', size: 0.005, slippage: 0.01 }] },
);

/** The closing order: opposite side, reduce-only, IOC at the slippage price (notes §7). */
const prepare = oncePerCall(async (input: typeof CloseInputSchema.static, context) => {
  const ref = await assetOf(context, input.coin);
  const position = await positionOf(context, input.coin);
  const held = Math.abs(position.size);
  const size = input.size ?? held;
  if (size > held + 1e-12)
    throw unprocessable(`size: ${size} is more than the ${held} ${input.coin} held`, 'VALIDATION_ERROR', {
      field: 'size',
    });
  const isBuy = position.size < 0;
  const wireSize = checkSize(ref, size);
  const wirePrice = slippagePrice(ref, await midOf(context, input.coin), isBuy, input.slippage ?? 0.05);
  return {
    ref,
    wireSize,
    wirePrice,
    coin: input.coin,
    isBuy,
    size,
    price: Number(wirePrice),
    triggerPrice: null,
  };
});

export const closePosition = perpdexTool({
  name: 'close_position',
  title: 'Close position',
  summary: 'Close a position fully or partly with a reduce-only IOC order through the mid (L1-signed)',
  kind: 'write',
  input: CloseInputSchema,
  output: OrderAnswerSchema,
  write: {
    venue: 'perpdex',
    clientOrderId: hyperliquidCloid,
    send: async (input, context) => {
      const order = await prepare(input, context);
      return sendOrder(context, order, { reduceOnly: true, kind: { limit: { tif: 'Ioc' } } });
    },
    lookup: async (input, context) =>
      orderByCloid(context, await prepare(input, context), context.clientOrderId),
  },
});
