import { Type } from '@sinclair/typebox';
import { oiWeightedSkew } from '../../../domain/options/skew.js';
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

export const GetOiWeightedSkewInputSchema = Type.Object(chainFilterFields, {
  additionalProperties: false,
  examples: [{ currency: 'BTC' }, { currency: 'ETH', max_dte: 45 }],
});

const SkewFields = {
  iv_put_oi: NullableNumber('OI-weighted mark_iv of OTM puts (K < F), vol points'),
  iv_call_oi: NullableNumber('OI-weighted mark_iv of OTM calls (K > F)'),
  oi_weighted_skew: NullableNumber('iv_put_oi − iv_call_oi; positive = downside priced richer'),
  otm_put_oi: Type.Number(),
  otm_call_oi: Type.Number(),
};

export const GetOiWeightedSkewOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    pooled: Type.Object(SkewFields),
    by_expiry: Type.Array(Type.Object({ ...ExpiryOutputFields, ...SkewFields })),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        pooled: {
          iv_put_oi: 58.2,
          iv_call_oi: 51.4,
          oi_weighted_skew: 6.8,
          otm_put_oi: 51200,
          otm_call_oi: 38100,
        },
        by_expiry: [
          {
            ...EXPIRY_EXAMPLE,
            iv_put_oi: 57.1,
            iv_call_oi: 50.2,
            oi_weighted_skew: 6.9,
            otm_put_oi: 12000,
            otm_call_oi: 9100,
          },
        ],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getOiWeightedSkew = optxTool({
  name: 'get_oi_weighted_skew',
  title: 'OI-weighted skew',
  summary: 'Open-interest-weighted IV of OTM puts minus OTM calls, per expiry and pooled',
  description:
    '[gateway convention] OTM only (puts K < F, calls K > F, F the expiry forward): Σ OI·mark_iv / Σ OI per ' +
    'side; skew = puts − calls in vol points. An empty side is null. Pooled over the expiries the filter keeps.',
  kind: 'read',
  input: GetOiWeightedSkewInputSchema,
  output: GetOiWeightedSkewOutputSchema,
  handler: (input, context) =>
    answerFromChain(input, context, (chain, filter) => {
      const { pooled, by_expiry } = oiWeightedSkew(chain, filter);
      const { expiry: _pooled, ...pooledFields } = pooled;
      return {
        pooled: pooledFields,
        by_expiry: by_expiry.map(({ expiry, ...row }) => ({ ...expiryFields(expiry!), ...row })),
      };
    }),
});
