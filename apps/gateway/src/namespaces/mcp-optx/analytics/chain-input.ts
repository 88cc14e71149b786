import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { type ChainSnapshot, joinChain } from '../../../domain/options/chain.js';
import { SIGN_CONVENTIONS, type SignConvention } from '../../../domain/options/dealer-sign.js';
import { type ExpiryFilter, expiryCode, parseExpiry } from '../../../domain/options/selection.js';
import type { ToolContext } from '../../../tools/tool.js';
import type { CallDeadline } from '../../../upstream/call-deadline.js';
import type { OptxClients } from '../optx-clients.js';

/** The input fields and the ChainSnapshot fetch every chain tool shares (notes §8: a snapshot is three calls). */

export const CurrencyInput = Type.Union([Type.Literal('BTC'), Type.Literal('ETH')], {
  default: 'BTC',
  description: 'Settlement coin of the inverse options',
});

export const ExpiryInput = Type.Union([Type.String({ minLength: 6, maxLength: 10 }), Type.Null()], {
  description:
    "One expiry, as Deribit's code (`25DEC26`) or a date (`2026-12-25`); all expiries when omitted",
});

export const MaxDteInput = Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 3650 }), Type.Null()], {
  description: 'Only expiries at most this many days away [gateway convention]; no bound when omitted',
});

export const SignConventionInput = Type.Union(
  SIGN_CONVENTIONS.map((name) => Type.Literal(name)),
  {
    default: 'dealer_long_call_short_put',
    description:
      'Dealer side [gateway convention]: dealer_long_call_short_put (s = +1 calls, −1 puts), ' +
      'dealer_short_all (s = −1), unsigned (s = +1)',
  },
);

export const chainFilterFields = {
  currency: Type.Optional(CurrencyInput),
  expiry: Type.Optional(ExpiryInput),
  max_dte: Type.Optional(MaxDteInput),
};

export interface ChainFilterInput {
  currency?: 'BTC' | 'ETH';
  expiry?: string | null;
  max_dte?: number | null;
}

/** The expiry filter from the input: an unreadable expiry is 422 naming `expiry`. */
export function expiryFilter(input: ChainFilterInput): ExpiryFilter {
  let expiry: number | null = null;
  if (input.expiry != null) {
    expiry = parseExpiry(input.expiry);
    if (expiry === null)
      throw unprocessable(
        'expiry must be a Deribit code such as 25DEC26 or a date YYYY-MM-DD',
        'VALIDATION_ERROR',
        {
          field: 'expiry',
        },
      );
  }
  return { expiry, maxDte: input.max_dte ?? null };
}

export const signConvention = (value: string | undefined): SignConvention =>
  (value as SignConvention | undefined) ?? 'dealer_long_call_short_put';

export interface FetchedChain {
  chain: ChainSnapshot;
  obtainedAt: number;
  stale?: boolean;
}

/**
 * The snapshot: instruments (cached a minute), book summaries (shared two seconds) and the index, joined by
 * name; `as_of` is the older of the summary and index answers.
 */
export async function fetchChain(
  context: CallDeadline,
  input: ChainFilterInput,
  { clients }: ToolContext<OptxClients>,
): Promise<FetchedChain> {
  const currency = input.currency ?? 'BTC';
  const [instruments, summaries, index] = await Promise.all([
    clients.market.getInstruments(context, { currency, kind: 'option' }),
    clients.market.getBookSummaryByCurrency(context, { currency, kind: 'option' }),
    clients.market.getIndexPrice(context, `${currency.toLowerCase()}_usd`),
  ]);
  const asOf = Math.min(summaries.receivedAt, index.receivedAt);
  const chain = joinChain(currency, instruments.data, summaries.data, index.data.index_price, asOf);
  return {
    chain,
    obtainedAt: Math.min(instruments.receivedAt, asOf),
    ...(instruments.stale || summaries.stale || index.stale ? { stale: true } : {}),
  };
}

/**
 * A chain tool's answer: the filter read first (an unreadable expiry fails before any upstream call), then the
 * snapshot fields followed by what `compute` reads off the chain; the answer's time and staleness are the
 * snapshot's.
 */
export async function answerFromChain<T extends object>(
  input: ChainFilterInput,
  context: ToolContext<OptxClients>,
  compute: (chain: ChainSnapshot, filter: ExpiryFilter) => T,
) {
  const filter = expiryFilter(input);
  const fetched = await fetchChain(context, input, context);
  return {
    data: { ...snapshotFields(fetched.chain), ...compute(fetched.chain, filter) },
    obtainedAt: fetched.obtainedAt,
    stale: fetched.stale,
  };
}

/** The expiry as answers show it: the code and the ISO instant (08:00 UTC). */
export const expiryFields = (ms: number) => ({
  expiry: expiryCode(ms),
  expiry_timestamp: new Date(ms).toISOString(),
});

export const ExpiryOutputFields = {
  expiry: Type.String({ description: "Deribit's expiry code" }),
  expiry_timestamp: Type.String({ format: 'date-time' }),
};

/** The expiry every chain tool's example shows. */
export const EXPIRY_EXAMPLE = { expiry: '26DEC26', expiry_timestamp: '2026-12-26T08:00:00.000Z' };

export const NullableNumber = (description?: string) =>
  Type.Union([Type.Number(), Type.Null()], description ? { description } : {});

/** When the chain was read, and the spot it used. */
export const SnapshotOutputFields = {
  currency: Type.String(),
  spot: Type.Number({ description: 'Index price (USD), S of the formulas' }),
  as_of: Type.String({ format: 'date-time', description: 'Time of the chain snapshot' }),
};

/** The snapshot every chain tool's example is read from. */
export const SNAPSHOT_EXAMPLE = { currency: 'BTC', spot: 97120.5, as_of: '2026-11-20T12:34:56.000Z' };

export const snapshotFields = (chain: ChainSnapshot) => ({
  currency: chain.currency,
  spot: chain.spot,
  as_of: new Date(chain.asOf).toISOString(),
});
