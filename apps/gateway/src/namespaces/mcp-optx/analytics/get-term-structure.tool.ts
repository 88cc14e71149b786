import { Type } from '@sinclair/typebox';
import { DEFAULT_TENORS, termStructure } from '../../../domain/options/term-structure.js';
import { optxTool } from '../optx-clients.js';
import {
  CurrencyInput,
  EXPIRY_EXAMPLE,
  ExpiryOutputFields,
  expiryFields,
  fetchChain,
  MaxDteInput,
  NullableNumber,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
  snapshotFields,
} from './chain-input.js';

export const GetTermStructureInputSchema = Type.Object(
  {
    currency: Type.Optional(CurrencyInput),
    max_dte: Type.Optional(MaxDteInput),
    tenors: Type.Optional(
      Type.Array(Type.Number({ exclusiveMinimum: 0, maximum: 3650 }), {
        minItems: 1,
        maxItems: 12,
        default: [...DEFAULT_TENORS],
        description: 'Constant-maturity points in days',
      }),
    ),
    threshold: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 20,
        default: 1,
        description: 'Vol points for contango/backwardation',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'ETH', tenors: [30, 90] }] },
);

export const GetTermStructureOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    shape: Type.Union(['contango', 'backwardation', 'flat', 'humped'].map((s) => Type.Literal(s))),
    front_back_spread: NullableNumber('Last minus first expiry ATM IV, vol points'),
    expiries: Type.Array(
      Type.Object({
        ...ExpiryOutputFields,
        dte: Type.Number(),
        forward: Type.Number(),
        atm_iv: Type.Number(),
      }),
    ),
    constant_maturity: Type.Array(Type.Object({ dte: Type.Number(), atm_iv: NullableNumber() })),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        shape: 'contango',
        front_back_spread: 6.2,
        expiries: [
          {
            ...EXPIRY_EXAMPLE,
            dte: 35.98,
            forward: 97600.1,
            atm_iv: 52.1,
          },
        ],
        constant_maturity: [{ dte: 30, atm_iv: 51.8 }],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getTermStructure = optxTool({
  name: 'get_term_structure',
  title: 'ATM term structure',
  summary: 'ATM IV per expiry, constant-maturity points and the curve shape',
  description:
    'ATM IV = mark_iv linear in strike at K = F (mean of call and put IV per strike); expiries where F is not ' +
    'bracketed are left out. Constant maturities by linear interpolation of total variance σ²τ between ' +
    'neighbouring expiries, null outside them [gateway convention]. Shape: contango when the last expiry is ' +
    'above the first by more than `threshold` vol points, backwardation when below, humped when an interior ' +
    'maximum exceeds both ends by more than the threshold, else flat [gateway thresholds].',
  kind: 'read',
  input: GetTermStructureInputSchema,
  output: GetTermStructureOutputSchema,
  handler: async (input, context) => {
    const fetched = await fetchChain(context, input, context);
    const result = termStructure(fetched.chain, {
      tenors: input.tenors ?? DEFAULT_TENORS,
      threshold: input.threshold ?? 1,
      maxDte: input.max_dte ?? null,
    });
    return {
      data: {
        ...snapshotFields(fetched.chain),
        shape: result.shape,
        front_back_spread: result.front_back_spread,
        expiries: result.expiries.map(({ expiry, ...row }) => ({ ...expiryFields(expiry), ...row })),
        constant_maturity: result.constant_maturity,
      },
      obtainedAt: fetched.obtainedAt,
      stale: fetched.stale,
    };
  },
});
