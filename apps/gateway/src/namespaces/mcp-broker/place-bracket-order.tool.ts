import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { priceVeto } from './broker-pricing.js';
import { brokerTool } from './broker-tool.js';
import { brokerAccount, brokerPlan } from './broker-writes.js';
import { LinkedOrdersSchema, lookupLinked, sendLinked } from './complex-orders.js';
import { checkLeg, legFields, type OrderLeg, ticketOf } from './order.schema.js';

/** The take-profit as a leg: a limit on the exit side for the entry's quantity. */
const takeProfitOf = (input: { entry: OrderLeg; take_profit_price: number }): OrderLeg => ({
  conid: input.entry.conid,
  side: input.entry.side === 'buy' ? 'sell' : 'buy',
  type: 'limit',
  quantity: input.entry.quantity,
  price: input.take_profit_price,
});

export const placeBracketOrder = brokerTool({
  name: 'place_bracket_order',
  title: 'Place bracket order',
  summary:
    'Entry plus take-profit (limit) plus stop-loss (stop) in one atomic request; the exits work once the entry fills and cancel each other',
  kind: 'write',
  input: Type.Object(
    {
      entry: Type.Object(legFields, { additionalProperties: false }),
      take_profit_price: Type.Number({ exclusiveMinimum: 0 }),
      stop_loss_price: Type.Number({ exclusiveMinimum: 0 }),
    },
    {
      additionalProperties: false,
      examples: [
        {
          entry: { conid: 265598, side: 'buy', type: 'limit', quantity: 1, price: 100, tif: 'GTC' },
          take_profit_price: 110,
          stop_loss_price: 95,
        },
      ],
    },
  ),
  output: LinkedOrdersSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    exposure: {
      ...brokerAccount,
      plan: (input, context) => {
        checkLeg(input.entry, 'entry.');
        const long = input.entry.side === 'buy';
        if (
          long
            ? input.take_profit_price <= input.stop_loss_price
            : input.take_profit_price >= input.stop_loss_price
        )
          throw unprocessable(
            `take_profit_price: must be ${long ? 'above' : 'below'} stop_loss_price for a ${input.entry.side} entry`,
            'VALIDATION_ERROR',
            { field: 'take_profit_price' },
          );
        // The take-profit only closes what the entry opens: its limit is collared, its size not counted.
        return brokerPlan(context, [input.entry, takeProfitOf(input)], {
          counted: [input.entry.quantity, 0],
        });
      },
    },
    send: (input, context) => {
      const exit = input.entry.side === 'buy' ? 'SELL' : 'BUY';
      const entry = { ...ticketOf(input.entry), cOID: context.clientOrderId };
      const base = {
        conid: input.entry.conid,
        side: exit,
        quantity: input.entry.quantity,
        tif: input.entry.tif ?? 'DAY',
        parentId: context.clientOrderId,
      };
      return sendLinked(
        context,
        [
          entry,
          { ...base, orderType: 'LMT', price: input.take_profit_price },
          { ...base, orderType: 'STP', price: input.stop_loss_price },
        ],
        ['entry', 'take_profit', 'stop_loss'],
        priceVeto(context, [input.entry, takeProfitOf(input)]),
      );
    },
    lookup: (_input, context) => lookupLinked(context, context.clientOrderId),
  },
});
