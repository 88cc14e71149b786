import { notFound, unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { findByDelta as findOption } from '../../../domain/options/find-by-delta.js';
import { parseExpiry } from '../../../domain/options/selection.js';
import { optxTool } from '../optx-clients.js';
import {
  CurrencyInput,
  EXPIRY_EXAMPLE,
  ExpiryOutputFields,
  expiryFields,
  fetchChain,
  NullableNumber,
  SNAPSHOT_EXAMPLE,
  SnapshotOutputFields,
  snapshotFields,
} from './chain-input.js';

export const FindByDeltaInputSchema = Type.Object(
  {
    currency: Type.Optional(CurrencyInput),
    expiry: Type.String({ minLength: 6, maxLength: 10, description: '`25DEC26` or `2026-12-25`' }),
    option_type: Type.Union([Type.Literal('call'), Type.Literal('put')]),
    target_delta: Type.Number({
      minimum: -1,
      maximum: 1,
      description: 'Calls positive, puts negative; |target| is accepted with option_type put',
    }),
  },
  {
    additionalProperties: false,
    examples: [{ currency: 'BTC', expiry: '26DEC26', option_type: 'call', target_delta: 0.25 }],
  },
);

export const FindByDeltaOutputSchema = Type.Object(
  {
    ...SnapshotOutputFields,
    instrument_name: Type.String(),
    ...ExpiryOutputFields,
    option_type: Type.String(),
    strike: Type.Number(),
    delta: Type.Number({ description: 'Black-76 delta from mark_iv (r = 0)' }),
    target_delta: Type.Number(),
    mark_iv: Type.Number(),
    mark_price: NullableNumber('Coin'),
    mark_price_usd: NullableNumber('mark_price × index'),
    best_bid: NullableNumber(),
    best_ask: NullableNumber(),
    open_interest: Type.Number(),
  },
  {
    examples: [
      {
        ...SNAPSHOT_EXAMPLE,
        instrument_name: 'BTC-26DEC26-110000-C',
        ...EXPIRY_EXAMPLE,
        option_type: 'call',
        strike: 110000,
        delta: 0.2561,
        target_delta: 0.25,
        mark_iv: 51.2,
        mark_price: 0.0182,
        mark_price_usd: 1767.6,
        best_bid: 0.0178,
        best_ask: 0.0186,
        open_interest: 1520.4,
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

export const findByDelta = optxTool({
  name: 'find_by_delta',
  title: 'Find option by delta',
  summary: 'The option of one expiry and type whose delta is nearest a target',
  description:
    'Deltas computed from mark_iv in one bulk book-summary call (Black-76 on the forward, r = 0), not one ' +
    'ticker per candidate; argmin |delta − target|, a tie goes to the larger open interest [gateway convention].',
  kind: 'read',
  input: FindByDeltaInputSchema,
  output: FindByDeltaOutputSchema,
  handler: async (input, context) => {
    const expiry = parseExpiry(input.expiry);
    if (expiry === null)
      throw unprocessable(
        'expiry must be a Deribit code such as 25DEC26 or a date YYYY-MM-DD',
        'VALIDATION_ERROR',
        {
          field: 'expiry',
        },
      );
    const fetched = await fetchChain(context, input, context);
    const chain = fetched.chain;
    const found = findOption(chain, expiry, input.option_type, input.target_delta);
    if (!found)
      throw notFound(`no active ${input.option_type} options expire on ${input.expiry}`, 'NO_SUCH_EXPIRY');
    const i = found.index;
    return {
      data: {
        ...snapshotFields(chain),
        instrument_name: chain.names[i]!,
        ...expiryFields(expiry),
        option_type: input.option_type,
        strike: chain.strike[i]!,
        delta: found.delta,
        target_delta: input.target_delta,
        mark_iv: chain.markIv[i]!,
        mark_price: orNull(chain.markPrice[i]!),
        mark_price_usd: orNull(chain.markPrice[i]! * chain.spot),
        best_bid: orNull(chain.bid[i]!),
        best_ask: orNull(chain.ask[i]!),
        open_interest: chain.openInterest[i]!,
      },
      obtainedAt: fetched.obtainedAt,
      stale: fetched.stale,
    };
  },
});
