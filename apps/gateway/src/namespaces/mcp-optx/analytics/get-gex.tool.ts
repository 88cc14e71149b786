import { Type } from '@sinclair/typebox';
import { gex } from '../../../domain/options/gex.js';
import { optxTool } from '../optx-clients.js';
import {
  answerFromChain,
  chainFilterFields,
  SignConventionInput,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
  signConvention,
} from './chain-input.js';

export const GetGexInputSchema = Type.Object(
  { ...chainFilterFields, sign_convention: Type.Optional(SignConventionInput) },
  {
    additionalProperties: false,
    examples: [{ currency: 'BTC' }, { currency: 'ETH', max_dte: 30, sign_convention: 'dealer_short_all' }],
  },
);

const StrikeRow = Type.Object({
  strike: Type.Number(),
  call_gex: Type.Number({ description: 'USD per 1 % move' }),
  put_gex: Type.Number(),
  net_gex: Type.Number(),
});

export const GetGexOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    sign_convention: Type.String(),
    total_gex_usd: Type.Number({
      description: 'Σ s·Γ·OI·S²·0.01: USD of underlying hedged per 1 % spot move',
    }),
    total_gex_coin: Type.Number({ description: 'total_gex_usd / S' }),
    options_used: Type.Integer(),
    by_strike: Type.Array(StrikeRow),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        sign_convention: 'dealer_long_call_short_put',
        total_gex_usd: -18250000.4,
        total_gex_coin: -187.9,
        options_used: 312,
        by_strike: [{ strike: 95000, call_gex: 1200000.5, put_gex: -2400000.2, net_gex: -1199999.7 }],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getGex = optxTool({
  name: 'get_gex',
  title: 'Gamma exposure',
  summary: 'Dealer gamma exposure (GEX) of the option chain, total and by strike, in USD per 1 % move',
  description:
    'Per option GEX = s·Γ·OI·S²·0.01 with Γ = φ(d1)/(F·σ·√τ) from Black-76 on the expiry forward (mark_iv, ' +
    'r = 0, 365-day year), OI in coins, S the index. Positive total: dealer hedging dampens moves; negative: ' +
    'amplifies. `sign_convention` and the expiry filter (`expiry`, `max_dte`) are gateway conventions. ' +
    'One chain snapshot: get_instruments + get_book_summary_by_currency + get_index_price.',
  kind: 'read',
  input: GetGexInputSchema,
  output: GetGexOutputSchema,
  handler: (input, context) => {
    const convention = signConvention(input.sign_convention);
    return answerFromChain(input, context, (chain, filter) => ({
      sign_convention: convention,
      ...gex(chain, { ...filter, signConvention: convention }),
    }));
  },
});
