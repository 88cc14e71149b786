import { Type } from '@sinclair/typebox';
import { optxTool } from './optx-clients.js';
import { Currency } from './order-schemas.js';

export const getAccountSummary = optxTool({
  name: 'get_account_summary',
  title: 'Account summary',
  summary:
    'optx account of one currency: equity, balance, margins, P&L, limits (private/get_account_summary)',
  kind: 'read',
  input: Type.Object(
    {
      currency: Type.Optional(Currency),
      extended: Type.Optional(Type.Boolean({ default: false, description: 'Adds identity fields and fees' })),
    },
    { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'USDC', extended: true }] },
  ),
  output: Type.Object(
    {
      summary: Type.Object(
        {
          currency: Type.String(),
          equity: Type.Number({ description: 'In `currency`' }),
          balance: Type.Number(),
          available_funds: Type.Number(),
          initial_margin: Type.Number(),
          maintenance_margin: Type.Number(),
        },
        { additionalProperties: true },
      ),
    },
    {
      examples: [
        {
          summary: {
            currency: 'BTC',
            equity: 1.42200664,
            balance: 1.24122388,
            available_funds: 1.41862979,
            initial_margin: 0.00337685,
            maintenance_margin: 0.00168843,
            margin_model: 'segregated_sm',
          },
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const fetched = await clients.trading.getAccountSummary(
      context,
      input.currency ?? 'BTC',
      input.extended ?? false,
    );
    return { data: { summary: fetched.data as never }, obtainedAt: fetched.receivedAt };
  },
});
