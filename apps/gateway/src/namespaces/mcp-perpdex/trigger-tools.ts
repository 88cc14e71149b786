import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { hyperliquidCloid } from '../../trading/client-order-id.js';
import { checkPrice, checkSize } from '../../venues/hyperliquid/perp-orders.js';
import { canonicalDecimal, roundPrice } from '../../venues/hyperliquid/wire-numbers.js';
import { perpdexTool } from './perpdex-tool.js';
import {
  assetOf,
  OrderAnswerSchema,
  oncePerCall,
  orderByCloid,
  type PerpdexContext,
  perpdexAccount,
  perpdexPlan,
  positionOf,
  sendOrder,
} from './perpdex-writes.js';

/**
 * `set_stop_loss` / `set_take_profit` (notes §7): one reduce-only market trigger on the side the position
 * implies (a long sells, a short buys), fired by the mark price, grouping `na`. A trigger on the wrong side of
 * the mark (a long's stop above it, its take-profit below it) is refused here, before anything is signed.
 */

const TriggerInputSchema = Type.Object(
  {
    coin: Type.String({ minLength: 1, maxLength: 32, description: 'Coin of the position (case-sensitive)' }),
    trigger_price: Type.Number({
      exclusiveMinimum: 0,
      description: 'Mark price that fires the order, USD (5 significant figures, or an integer)',
    }),
    size: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'Base units; the whole position when omitted' }),
    ),
    slippage: Type.Optional(
      Type.Number({
        minimum: 0.001,
        maximum: 0.5,
        default: 0.1,
        description: 'Worst fill price beyond the trigger, as a fraction (the venue UI uses 10%)',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ coin: 'ETH', trigger_price: 3000 }] },
);
type TriggerInput = typeof TriggerInputSchema.static;

async function markOf(context: PerpdexContext, coin: string): Promise<number> {
  const markets = await context.clients.perpdex.getMarkets(context);
  return markets.data.find((market) => market.asset === coin)?.mark_price ?? Number.NaN;
}

function triggerTool(tpsl: 'sl' | 'tp') {
  const what = tpsl === 'sl' ? 'stop loss' : 'take profit';
  const prepare = oncePerCall(async (input: TriggerInput, context) => {
    const ref = await assetOf(context, input.coin);
    const position = await positionOf(context, input.coin);
    const isBuy = position.size < 0;
    const wireTrigger = checkPrice(ref, input.trigger_price, 'trigger_price');
    const mark = await markOf(context, input.coin);
    // A long's stop fires on a fall (below the mark), its take-profit on a rise; mirrored for a short.
    const mustBeBelow = (tpsl === 'sl') === !isBuy;
    if (mustBeBelow ? !(input.trigger_price < mark) : !(input.trigger_price > mark))
      throw unprocessable(
        `trigger_price: a ${what} for a ${isBuy ? 'short' : 'long'} must be ${mustBeBelow ? 'below' : 'above'} the mark ${mark}`,
        'INVALID_TRIGGER_PRICE',
        { field: 'trigger_price', mark_price: mark },
      );
    const size = input.size ?? Math.abs(position.size);
    const slip = input.slippage ?? 0.1;
    const worst = roundPrice(
      input.trigger_price * (isBuy ? 1 + slip : 1 - slip),
      ref.szDecimals,
      isBuy ? 'up' : 'down',
    );
    return {
      ref,
      wireTrigger,
      wireSize: checkSize(ref, size),
      wirePrice: canonicalDecimal(worst),
      coin: input.coin,
      isBuy,
      size,
      price: worst,
      triggerPrice: input.trigger_price,
    };
  });
  return perpdexTool({
    name: tpsl === 'sl' ? 'set_stop_loss' : 'set_take_profit',
    title: tpsl === 'sl' ? 'Set stop loss' : 'Set take profit',
    summary: `Protect a position with a reduce-only ${what} trigger (market when fired by the mark; L1-signed)`,
    kind: 'write',
    input: TriggerInputSchema,
    output: OrderAnswerSchema,
    write: {
      venue: 'perpdex',
      clientOrderId: hyperliquidCloid,
      exposure: {
        ...perpdexAccount,
        // Reduce-only, so outside the cap, but priced like any order: fired, at worst its slippage bound.
        plan: async (input, context) =>
          perpdexPlan(context, await prepare(input, context), { reduceOnly: true, collared: false }),
      },
      send: async (input, context) => {
        const order = await prepare(input, context);
        return sendOrder(context, order, {
          reduceOnly: true,
          kind: { trigger: { isMarket: true, triggerPx: order.wireTrigger, tpsl } },
        });
      },
      lookup: async (input, context) =>
        orderByCloid(context, await prepare(input, context), context.clientOrderId),
    },
  });
}

export const setStopLoss = triggerTool('sl');
export const setTakeProfit = triggerTool('tp');
