import { Type } from '@sinclair/typebox';
import { smileAsymmetry } from '../../../domain/options/skew.js';
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

export const GetSmileAsymmetryInputSchema = Type.Object(
  {
    ...chainFilterFields,
    moneyness: Type.Optional(
      Type.Array(Type.Number({ exclusiveMinimum: 0, maximum: 2 }), {
        minItems: 1,
        maxItems: 10,
        default: [0.05, 0.1, 0.2],
        description: 'Log-moneyness distances m; IV is read at k = ±m with k = ln(K/F) [gateway convention]',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ currency: 'BTC' }, { currency: 'BTC', moneyness: [0.1, 0.25] }],
  },
);

export const GetSmileAsymmetryOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    by_expiry: Type.Array(
      Type.Object({
        ...ExpiryOutputFields,
        dte: Type.Number(),
        forward: Type.Number(),
        iv_atm: NullableNumber('IV at k = 0'),
        points: Type.Array(
          Type.Object({
            m: Type.Number(),
            iv_down: NullableNumber('IV at k = −m'),
            iv_up: NullableNumber('IV at k = +m'),
            asym: NullableNumber('IV(−m) − IV(+m); positive = put wing richer'),
            curvature: NullableNumber('(IV(−m) + IV(+m))/2 − IV(0)'),
          }),
        ),
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
            forward: 97600.1,
            iv_atm: 52.1,
            points: [{ m: 0.1, iv_down: 56.3, iv_up: 51.2, asym: 5.1, curvature: 1.65 }],
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getSmileAsymmetry = optxTool({
  name: 'get_smile_asymmetry',
  title: 'Smile asymmetry',
  summary: 'Per expiry: IV at ±m log-moneyness, put-minus-call wing asymmetry and curvature',
  description:
    '[gateway convention] k = ln(K/F); each strike’s IV is the mean of its call and put mark_iv; IV is linear ' +
    'in k between listed strikes (null outside them). asym(m) = IV(−m) − IV(+m), curvature(m) = ' +
    '(IV(−m) + IV(+m))/2 − IV(0).',
  kind: 'read',
  input: GetSmileAsymmetryInputSchema,
  output: GetSmileAsymmetryOutputSchema,
  handler: (input, context) =>
    answerFromChain(input, context, (chain, filter) => ({
      by_expiry: smileAsymmetry(chain, filter, input.moneyness ?? [0.05, 0.1, 0.2]).map(
        ({ expiry, ...row }) => ({
          ...expiryFields(expiry),
          ...row,
        }),
      ),
    })),
});
