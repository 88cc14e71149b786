import { Type } from '@sinclair/typebox';
import { skew25d } from '../../../domain/options/skew.js';
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

export const GetSkew25dInputSchema = Type.Object(chainFilterFields, {
  additionalProperties: false,
  examples: [{ currency: 'BTC' }, { currency: 'BTC', max_dte: 60 }],
});

export const GetSkew25dOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    by_expiry: Type.Array(
      Type.Object({
        ...ExpiryOutputFields,
        dte: Type.Number(),
        atm_iv: NullableNumber(),
        iv_25c: NullableNumber('IV at call delta +0.25'),
        iv_25p: NullableNumber('IV at put delta −0.25'),
        skew_25d: NullableNumber('IV25P − IV25C; positive = puts richer'),
        rr_25: NullableNumber('IV25C − IV25P (risk reversal)'),
        bf_25: NullableNumber('(IV25C + IV25P)/2 − ATM (butterfly)'),
        normalized_skew: NullableNumber('skew_25d / atm_iv'),
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
            iv_25c: 50.9,
            iv_25p: 56.4,
            skew_25d: 5.5,
            rr_25: -5.5,
            bf_25: 1.55,
            normalized_skew: 0.1056,
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getSkew25d = optxTool({
  name: 'get_skew_25d',
  title: '25-delta skew',
  summary: 'Per expiry: 25Δ call and put IV, skew, risk reversal, butterfly',
  description:
    'Deltas from mark_iv (Black-76 on the forward, r = 0); IV25C/IV25P by linear interpolation in delta ' +
    'between the two neighbouring OTM strikes, null when not bracketed (no extrapolation). skew_25d = ' +
    'IV25P − IV25C, rr_25 = −skew_25d, bf_25 = (IV25C + IV25P)/2 − ATM.',
  kind: 'read',
  input: GetSkew25dInputSchema,
  output: GetSkew25dOutputSchema,
  handler: (input, context) =>
    answerFromChain(input, context, (chain, filter) => ({
      by_expiry: skew25d(chain, filter).map(({ expiry, ...row }) => ({ ...expiryFields(expiry), ...row })),
    })),
});
