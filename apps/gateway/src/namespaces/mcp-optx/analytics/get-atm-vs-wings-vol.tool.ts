import { Type } from '@sinclair/typebox';
import { atmVsWings } from '../../../domain/options/skew.js';
import { optxTool } from '../optx-clients.js';
import {
  answerFromChain,
  chainFilterFields,
  EXPIRY_EXAMPLE,
  ExpiryOutputFields,
  expiryFields,
  NullableNumber,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
} from './chain-input.js';

export const GetAtmVsWingsVolInputSchema = Type.Object(chainFilterFields, {
  additionalProperties: false,
  examples: [{ currency: 'BTC' }, { currency: 'BTC', expiry: '26DEC26' }],
});

export const GetAtmVsWingsVolOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    by_expiry: Type.Array(
      Type.Object({
        ...ExpiryOutputFields,
        dte: Type.Number(),
        atm_iv: NullableNumber('mark_iv interpolated at K = F'),
        wing25: NullableNumber('(IV25C + IV25P)/2'),
        wing10: NullableNumber('(IV10C + IV10P)/2'),
        wing_premium25: NullableNumber('wing25 − atm_iv (25Δ butterfly)'),
        wing_premium10: NullableNumber('wing10 − atm_iv'),
        ratio25: NullableNumber('wing25 / atm_iv'),
      }),
    ),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        by_expiry: [
          {
            ...EXPIRY_EXAMPLE,
            dte: 35.98,
            atm_iv: 52.1,
            wing25: 54.0,
            wing10: null,
            wing_premium25: 1.9,
            wing_premium10: null,
            ratio25: 1.036,
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getAtmVsWingsVol = optxTool({
  name: 'get_atm_vs_wings_vol',
  title: 'ATM vs wings',
  summary: 'Per expiry: ATM IV against the 25Δ and 10Δ wings (butterflies and ratio)',
  description:
    '[gateway convention from standard RR/BF quantities] Wing IVs at call delta +x and put delta −x by linear ' +
    'interpolation in delta between neighbouring OTM strikes (deltas from mark_iv, Black-76); null when not ' +
    'bracketed, never extrapolated. ATM = mark_iv linear in strike at K = F.',
  kind: 'read',
  input: GetAtmVsWingsVolInputSchema,
  output: GetAtmVsWingsVolOutputSchema,
  handler: (input, context) =>
    answerFromChain(input, context, (chain, filter) => ({
      by_expiry: atmVsWings(chain, filter).map(({ expiry, ...row }) => ({ ...expiryFields(expiry), ...row })),
    })),
});
