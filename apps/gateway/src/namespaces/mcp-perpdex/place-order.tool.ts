import { unprocessable } from '@app/kit';
import { type Static, Type } from '@sinclair/typebox';
import { hyperliquidCloid } from '../../trading/client-order-id.js';
import { checkLeverage, checkPrice, checkSize, slippagePrice } from '../../venues/hyperliquid/perp-orders.js';
import { perpdexTool } from './perpdex-tool.js';
import {
  assetOf,
  midOf,
  OrderAnswerSchema,
  orderByCloid,
  type PerpdexContext,
  perpdexAccount,
  perpdexPlan,
  sendOrder,
  type WireOrder,
} from './perpdex-writes.js';

export const PlaceOrderInputSchema = Type.Object(
  {
    coin: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'Perp coin, case-sensitive (BTC, ETH, kPEPE)',
    }),
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    size: Type.Number({
      exclusiveMinimum: 0,
      description: 'Base units, a multiple of the coin lot (10^-szDecimals)',
    }),
    type: Type.Optional(
      Type.Union([Type.Literal('limit'), Type.Literal('market')], {
        default: 'limit',
        description: '`market` is sent as an aggressive IOC limit `slippage` through the mid (notes §7)',
      }),
    ),
    price: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          'Limit price, USD; required for `limit`. At most 5 significant figures and 6 − szDecimals decimals (integers always valid); otherwise 422, never rounded',
      }),
    ),
    time_in_force: Type.Optional(
      Type.Union([Type.Literal('Gtc'), Type.Literal('Alo'), Type.Literal('Ioc')], {
        default: 'Gtc',
        description: 'Limit orders: Gtc rests, Alo is post-only, Ioc fills what it can now',
      }),
    ),
    reduce_only: Type.Optional(Type.Boolean({ default: false })),
    slippage: Type.Optional(
      Type.Number({
        minimum: 0.0001,
        maximum: 0.5,
        default: 0.05,
        description: 'Market orders: fraction through the mid',
      }),
    ),
    leverage: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Cross leverage to set on the coin first (updateLeverage); at most the coin maxLeverage',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000, time_in_force: 'Gtc' },
      { coin: 'BTC', side: 'sell', size: 0.001, type: 'market', slippage: 0.01 },
    ],
  },
);

type PlaceOrderInput = Static<typeof PlaceOrderInputSchema>;

interface Prepared extends WireOrder {
  tif: 'Gtc' | 'Alo' | 'Ioc';
}

/** Checked once per call (exposure, then send share it): nothing is signed before every field passed. */
const prepared = new WeakMap<object, Promise<Prepared>>();

async function prepare(input: PlaceOrderInput, context: PerpdexContext): Promise<Prepared> {
  const ref = await assetOf(context, input.coin);
  const wireSize = checkSize(ref, input.size);
  checkLeverage(ref, input.leverage);
  const isBuy = input.side === 'buy';
  let wirePrice: string;
  if ((input.type ?? 'limit') === 'market') {
    wirePrice = slippagePrice(ref, await midOf(context, input.coin), isBuy, input.slippage ?? 0.05);
  } else {
    if (input.price === undefined)
      throw unprocessable('price: required for a limit order', 'VALIDATION_ERROR', { field: 'price' });
    wirePrice = checkPrice(ref, input.price);
  }
  const tif = input.type === 'market' ? 'Ioc' : (input.time_in_force ?? 'Gtc');
  return {
    ref,
    wirePrice,
    wireSize,
    tif,
    coin: input.coin,
    isBuy,
    size: input.size,
    price: Number(wirePrice),
    triggerPrice: null,
  };
}

const preparedFor = (input: PlaceOrderInput, context: PerpdexContext) => {
  let entry = prepared.get(input);
  if (!entry) {
    entry = prepare(input, context);
    prepared.set(input, entry);
  }
  return entry;
};

export const placeOrder = perpdexTool({
  name: 'place_order',
  title: 'Place order',
  summary: 'Place a limit or market (aggressive IOC) perp order, L1-signed by the agent key',
  description:
    'Checks coin, lot, price format and leverage before signing; the gateway leverage cap (PERPDEX_MAX_LEVERAGE) and the coin maxLeverage apply. The order carries a cloid derived from the request, so a lost answer is reconciled by orderStatus and an Idempotency-Key repeat never places it twice.',
  kind: 'write',
  input: PlaceOrderInputSchema,
  output: OrderAnswerSchema,
  write: {
    venue: 'perpdex',
    clientOrderId: hyperliquidCloid,
    exposure: {
      ...perpdexAccount,
      plan: async (input, context) =>
        perpdexPlan(context, await preparedFor(input, context), {
          reduceOnly: input.reduce_only ?? false,
          // A market order's price is its slippage bound from the mid, valued by the book it walks.
          collared: input.type !== 'market',
        }),
    },
    send: async (input, context) => {
      const order = await preparedFor(input, context);
      const { trading } = context.clients.perpdex;
      if (input.leverage !== undefined)
        await trading.exchange(context, {
          type: 'updateLeverage',
          asset: order.ref.asset,
          isCross: true,
          leverage: input.leverage,
        });
      return sendOrder(context, order, {
        reduceOnly: input.reduce_only ?? false,
        kind: { limit: { tif: order.tif } },
      });
    },
    lookup: async (input, context) =>
      orderByCloid(context, await preparedFor(input, context), context.clientOrderId),
  },
});
