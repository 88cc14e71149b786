import { Type } from '@sinclair/typebox';
import { vannaCharm } from '../../../domain/options/vanna-charm.js';
import { optxTool } from '../optx-clients.js';
import {
  answerFromChain,
  chainFilterFields,
  EXPIRY_EXAMPLE,
  ExpiryOutputFields,
  expiryFields,
  SignConventionInput,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
  signConvention,
} from './chain-input.js';

export const GetVannaCharmInputSchema = Type.Object(
  { ...chainFilterFields, sign_convention: Type.Optional(SignConventionInput) },
  { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'BTC', expiry: '26DEC26' }] },
);

export const GetVannaCharmOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    sign_convention: Type.String(),
    total_vex_usd: Type.Number({ description: 'Σ s·(vanna/100)·OI·S: USD delta change for +1 vol point' }),
    total_cex_usd: Type.Number({ description: 'Σ s·(charm/365)·OI·S: USD delta change per calendar day' }),
    by_expiry: Type.Array(
      Type.Object({
        ...ExpiryOutputFields,
        dte: Type.Number(),
        vex_usd: Type.Number(),
        cex_usd: Type.Number(),
      }),
    ),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        sign_convention: 'dealer_long_call_short_put',
        total_vex_usd: 1520000.3,
        total_cex_usd: -84000.2,
        by_expiry: [
          {
            ...EXPIRY_EXAMPLE,
            dte: 35.98,
            vex_usd: 820000.1,
            cex_usd: -41000.7,
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getVannaCharm = optxTool({
  name: 'get_vanna_charm',
  title: 'Vanna and charm exposure',
  summary: 'Dealer vanna (VEX) and charm (CEX) exposure of the chain, total and per expiry',
  description:
    'Closed forms with r = q = 0: vanna = ∂Δ/∂σ = −φ(d1)·d2/σ, charm = −∂Δ/∂τ = φ(d1)·d2/(2τ) (same for calls ' +
    'and puts). VEX = Σ s·(vanna/100)·OI·S, CEX = Σ s·(charm/365)·OI·S with the GEX sign convention.',
  kind: 'read',
  input: GetVannaCharmInputSchema,
  output: GetVannaCharmOutputSchema,
  handler: (input, context) => {
    const convention = signConvention(input.sign_convention);
    return answerFromChain(input, context, (chain, filter) => {
      const result = vannaCharm(chain, { ...filter, signConvention: convention });
      return {
        sign_convention: convention,
        total_vex_usd: result.total_vex_usd,
        total_cex_usd: result.total_cex_usd,
        by_expiry: result.by_expiry.map(({ expiry, ...row }) => ({ ...expiryFields(expiry), ...row })),
      };
    });
  },
});
