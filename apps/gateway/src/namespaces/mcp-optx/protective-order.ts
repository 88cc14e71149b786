import { Type } from '@sinclair/typebox';
import { deribitLabel } from '../../trading/client-order-id.js';
import { livePosition } from './live-position.js';
import { optxTool } from './optx-clients.js';
import { priceOptxLeg } from './optx-pricing.js';
import { orderByLabel, sendOrder } from './order-entry.js';
import { InstrumentName, OrderAnswerSchema, TriggerSource } from './order-schemas.js';

/**
 * `set_stop_loss` and `set_take_profit` (notes §5.8): a reduce-only trigger order for the whole live
 * position (`private/get_position` first: its |size|, USD for inverse futures), on the closing side. A stop
 * fires when the reference moves against the position, a take-profit when it moves with it. Flat: 409
 * NO_POSITION, nothing sent. Reduce-only, so the leverage cap does not apply.
 */
export function protectiveOrderTool(kind: 'stop' | 'take') {
  const what = kind === 'stop' ? 'stop-loss' : 'take-profit';
  return optxTool({
    name: kind === 'stop' ? 'set_stop_loss' : 'set_take_profit',
    title: kind === 'stop' ? 'Set stop-loss' : 'Set take-profit',
    summary: `A reduce-only ${what} for the whole live optx position (private/sell for a long, private/buy for a short)`,
    description: `Sized from private/get_position at the time of the call. type \`market\` sends ${kind}_market, \`limit\` ${kind}_limit with \`price\`. The trigger price must be on the ${kind === 'stop' ? 'losing' : 'winning'} side of the reference (Deribit 11036 otherwise, 422). Flat position: 409 NO_POSITION.`,
    kind: 'write',
    input: Type.Object(
      {
        instrument_name: InstrumentName,
        trigger_price: Type.Number({ exclusiveMinimum: 0 }),
        trigger: Type.Optional(TriggerSource),
        type: Type.Optional(
          Type.Union([Type.Literal('market'), Type.Literal('limit')], { default: 'market' }),
        ),
        price: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Limit price for type limit' })),
      },
      {
        additionalProperties: false,
        examples: [{ instrument_name: 'BTC-PERPETUAL', trigger_price: kind === 'stop' ? 90000 : 140000 }],
      },
    ),
    output: OrderAnswerSchema,
    write: {
      venue: 'optx',
      clientOrderId: deribitLabel,
      send: async (input, context) => {
        const position = await livePosition(context, context.clients, input.instrument_name);
        const type = input.type ?? 'market';
        const order = {
          instrument_name: input.instrument_name,
          side: position.size > 0 ? ('sell' as const) : ('buy' as const),
          amount: Math.abs(position.size),
          type: `${kind}_${type}` as const,
          ...(type === 'limit' && input.price !== undefined ? { price: input.price } : {}),
          trigger_price: input.trigger_price,
        };
        // Outside the cap, but a limit far through its trigger is collared like any order's (reads nothing).
        await priceOptxLeg(context, order, false);
        return sendOrder({ ...order, trigger: input.trigger ?? 'mark_price', reduce_only: true }, context);
      },
      lookup: (input, context) => orderByLabel(input.instrument_name, context),
    },
  });
}
