import { Type } from '@sinclair/typebox';
import { optxTool } from './optx-clients.js';
import { Currency, PositionSchema } from './order-schemas.js';

export const getPositions = optxTool({
  name: 'get_positions',
  title: 'Positions',
  summary: 'optx positions of a currency (private/get_positions); flat rows only when asked',
  kind: 'read',
  input: Type.Object(
    {
      currency: Type.Optional(Currency),
      kind: Type.Optional(Type.Union([Type.Literal('future'), Type.Literal('option')])),
      include_flat: Type.Optional(Type.Boolean({ default: false, description: 'Keep rows with size 0' })),
    },
    { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'USDC', kind: 'future' }] },
  ),
  output: Type.Object(
    { positions: Type.Array(PositionSchema) },
    {
      examples: [
        {
          positions: [
            {
              instrument_name: 'BTC-PERPETUAL',
              kind: 'future',
              direction: 'sell',
              size: -20000,
              average_price: 118950,
              mark_price: 118452.37,
              floating_profit_loss: 0.00070634,
              size_currency: -0.16884,
              leverage: 50,
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.trading.getPositions(context, input.currency ?? 'BTC', input.kind);
    const rows = input.include_flat ? fetched.data : fetched.data.filter((row) => Number(row.size) !== 0);
    return { data: { positions: rows as never }, obtainedAt: fetched.receivedAt };
  },
});
