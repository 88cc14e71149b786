import { Type } from '@sinclair/typebox';
import { gammaProfile } from '../../../domain/options/gamma-profile.js';
import { optxTool } from '../optx-clients.js';
import {
  answerFromChain,
  chainFilterFields,
  NullableNumber,
  SignConventionInput,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
  signConvention,
} from './chain-input.js';

export const GetDealerGammaProfileInputSchema = Type.Object(
  {
    ...chainFilterFields,
    sign_convention: Type.Optional(SignConventionInput),
    grid_width: Type.Optional(
      Type.Number({
        minimum: 0.01,
        maximum: 0.9,
        default: 0.25,
        description: 'Grid from S(1 − w) to S(1 + w)',
      }),
    ),
    grid_steps: Type.Optional(
      Type.Integer({ minimum: 3, maximum: 501, default: 101, description: 'Grid points' }),
    ),
    exclude_next_expiry: Type.Optional(
      Type.Boolean({ default: false, description: 'Leave out the nearest expiry' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ currency: 'BTC' }, { currency: 'BTC', grid_width: 0.15, grid_steps: 61 }],
  },
);

export const GetDealerGammaProfileOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    sign_convention: Type.String(),
    grid_width: Type.Number(),
    zero_gamma: NullableNumber('The crossing nearest spot; null when GEX keeps one sign over the grid'),
    zero_gamma_levels: Type.Array(Type.Number(), { description: 'Every sign change, ascending' }),
    profile: Type.Array(Type.Object({ level: Type.Number(), gex_usd: Type.Number() })),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        sign_convention: 'dealer_long_call_short_put',
        grid_width: 0.25,
        zero_gamma: 98450.2,
        zero_gamma_levels: [98450.2],
        profile: [{ level: 72840.4, gex_usd: -5120000.1 }],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getDealerGammaProfile = optxTool({
  name: 'get_dealer_gamma_profile',
  title: 'Dealer gamma profile',
  summary: 'GEX recomputed over a grid of spot levels, with the zero-gamma (flip) level',
  description:
    'For each level X of the grid every forward moves proportionally (F·X/S), vols and times stay (sticky ' +
    'strike) and GEX(X) = Σ s·Γ(F·X/S)·OI·X²·0.01. The zero-gamma level is where GEX changes sign, linearly ' +
    'interpolated between the bracketing grid points; several crossings are all listed and the one nearest ' +
    'spot is `zero_gamma`. Grid width, steps and the sign convention are gateway conventions (defaults 0.25, 101).',
  kind: 'read',
  input: GetDealerGammaProfileInputSchema,
  output: GetDealerGammaProfileOutputSchema,
  handler: (input, context) => {
    const convention = signConvention(input.sign_convention);
    const width = input.grid_width ?? 0.25;
    return answerFromChain(input, context, (chain, filter) => {
      const result = gammaProfile(chain, {
        ...filter,
        signConvention: convention,
        width,
        steps: input.grid_steps ?? 101,
        excludeNextExpiry: input.exclude_next_expiry ?? false,
      });
      return {
        sign_convention: convention,
        grid_width: width,
        zero_gamma: result.zero_gamma,
        zero_gamma_levels: result.zero_gamma_levels,
        profile: Array.from(result.levels, (level, j) => ({ level, gex_usd: result.gex[j]! })),
      };
    });
  },
});
