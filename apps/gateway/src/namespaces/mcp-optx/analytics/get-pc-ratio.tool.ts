import { Type } from '@sinclair/typebox';
import { pcRatio } from '../../../domain/options/pc-ratio.js';
import { optxTool } from '../optx-clients.js';
import {
  answerFromChain,
  chainFilterFields,
  ExpiryOutputFields,
  expiryFields,
  NullableNumber,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
} from './chain-input.js';

export const GetPcRatioInputSchema = Type.Object(chainFilterFields, {
  additionalProperties: false,
  examples: [{ currency: 'BTC' }, { currency: 'ETH', max_dte: 7 }],
});

const RatioFields = {
  put_oi: Type.Number(),
  call_oi: Type.Number(),
  pcr_oi: NullableNumber('Σ OI(puts) / Σ OI(calls)'),
  put_volume: Type.Number(),
  call_volume: Type.Number(),
  pcr_volume: NullableNumber('Σ 24 h volume(puts) / Σ 24 h volume(calls)'),
  put_premium_usd: Type.Number(),
  call_premium_usd: Type.Number(),
  pcr_premium: NullableNumber('Premium-weighted OI ratio: Σ OI·mark·S per side'),
};

export const GetPcRatioOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    total: Type.Object(RatioFields),
    by_expiry: Type.Array(Type.Object({ ...ExpiryOutputFields, ...RatioFields })),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        total: {
          put_oi: 101000,
          call_oi: 88000,
          pcr_oi: 1.148,
          put_volume: 9000,
          call_volume: 8100,
          pcr_volume: 1.111,
          put_premium_usd: 410000000,
          call_premium_usd: 530000000,
          pcr_premium: 0.774,
        },
        by_expiry: [],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getPcRatio = optxTool({
  name: 'get_pc_ratio',
  title: 'Put/call ratio',
  summary: 'Put/call ratios by open interest, 24 h volume and premium, per expiry and in total',
  description:
    'From book summaries (OI and 24 h volume in coins, mark in coin × index for premium). A zero denominator ' +
    'gives null.',
  kind: 'read',
  input: GetPcRatioInputSchema,
  output: GetPcRatioOutputSchema,
  handler: (input, context) =>
    answerFromChain(input, context, (chain, filter) => {
      const { total, by_expiry } = pcRatio(chain, filter);
      const { expiry: _all, ...totalFields } = total;
      return {
        total: totalFields,
        by_expiry: by_expiry.map(({ expiry, ...row }) => ({ ...expiryFields(expiry!), ...row })),
      };
    }),
});
