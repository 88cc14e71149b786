import { unprocessable } from '@app/kit';
import { type Static, Type } from '@sinclair/typebox';
import type { ToolContext } from '../../tools/tool.js';
import type { Exchange, Instrument, ListingMeta, VenueListing } from '../../venues/market-venue.js';
import { allSourcesFailed, errorText } from './failed-sources.js';
import { exchangeParam, type MarketClients, venueOf } from './market-clients.js';
import { inputExchange, marketTool } from './market-tool.js';
import { FailedSourceSchema, InstrumentSchema, ListingMetaSchema } from './records.schema.js';

const nullableNumber = (description: string) =>
  Type.Optional(Type.Union([Type.Number(), Type.Null()], { description }));
const nullableDate = (description: string) =>
  Type.Optional(Type.Union([Type.String({ minLength: 10, maxLength: 40 }), Type.Null()], { description }));

export const GetInstrumentsInputSchema = Type.Object(
  {
    exchange: Type.Optional(
      Type.Union([Type.Literal('optx'), Type.Literal('perpdex'), Type.Null()], {
        description: 'Omitted/null: every integrated exchange',
      }),
    ),
    currency: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 16,
        pattern: '^[A-Za-z0-9_]+$',
        default: 'BTC',
        description:
          'optx: BTC, ETH, USDC, any — or a coin such as SOL (found among the USDC-linear instruments)',
      }),
    ),
    kind: Type.Optional(
      Type.Union([Type.Literal('future'), Type.Literal('option'), Type.Literal('spot'), Type.Null()], {
        default: 'future',
        description: 'optx kind; futures include perpetuals; null: every kind',
      }),
    ),
    expiry_from: nullableDate(
      'optx: earliest expiry (date or datetime, UTC); perpetuals are excluded when set',
    ),
    expiry_to: nullableDate('optx: latest expiry, the whole day included for a date'),
    strike_min: nullableNumber(
      'optx options: lowest strike; instruments without strike are excluded when set',
    ),
    strike_max: nullableNumber('optx options: highest strike'),
    min_open_interest: nullableNumber('optx: minimum open interest in the instrument amount units'),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        exchange: 'optx',
        currency: 'BTC',
        kind: 'option',
        expiry_to: '2026-12-31',
        strike_min: 90000,
        limit: 20,
      },
      {},
    ],
  },
);

export const GetInstrumentsOutputSchema = Type.Object(
  {
    instruments: Type.Array(InstrumentSchema),
    failed_sources: Type.Array(FailedSourceSchema),
    meta: Type.Object(
      { optx: Type.Optional(ListingMetaSchema) },
      { description: 'Listing metadata per exchange; currently optx only' },
    ),
  },
  {
    examples: [
      {
        instruments: [
          {
            exchange: 'optx',
            symbol: 'BTC-PERPETUAL',
            asset_class: 'crypto',
            type: 'perpetual',
            fees: { maker: 0, taker: 0.0005 },
            history_start: '2018-08-14',
            tick_size: 0.5,
            native: { instrument_name: 'BTC-PERPETUAL', kind: 'future', settlement_period: 'perpetual' },
          },
          {
            exchange: 'perpdex',
            symbol: 'BTC',
            asset_class: 'crypto',
            type: 'perpetual',
            fees: null,
            history_start: null,
            tick_size: 1,
            native: { name: 'BTC', szDecimals: 5, maxLeverage: 40 },
          },
        ],
        failed_sources: [],
        meta: { optx: { total: 7, offset: 0, limit: 100, has_more: false } },
        data_timestamp: '2026-11-20T12:34:56.789Z',
      },
    ],
  },
);

/**
 * One venue's whole, unpaged listing (perpdex) answers every poll of a cache entry with the same object, so
 * the frame serializes it once per entry (tool-registry.ts).
 */
const wholeListings = new WeakMap<Instrument[], Static<typeof GetInstrumentsOutputSchema>>();
function wholeListing(instruments: Instrument[]): Static<typeof GetInstrumentsOutputSchema> {
  let answer = wholeListings.get(instruments);
  if (!answer) {
    answer = { instruments, failed_sources: [], meta: {} };
    wholeListings.set(instruments, answer);
  }
  return answer;
}

export const getInstruments = marketTool({
  name: 'get_instruments',
  title: 'Instruments',
  summary:
    'Uniform instrument list of optx and perpdex (optx filters and paging; fan-out when exchange is omitted)',
  kind: 'read',
  exchange: inputExchange,
  input: GetInstrumentsInputSchema,
  output: GetInstrumentsOutputSchema,
  // Not an async function: a named exchange (what a bot polls) is its listing's promise and one `then`.
  handler: (input, context) => {
    if (input.strike_min != null && input.strike_max != null && input.strike_min > input.strike_max)
      throw unprocessable('strike_min is greater than strike_max', 'VALIDATION_ERROR', {
        field: 'strike_max',
      });
    const exchange = exchangeParam(input.exchange);
    if (exchange)
      return venueOf(context.clients, exchange)
        .listInstruments(context, input)
        .then((listing) => answerOf(exchange, listing));
    return everyExchange(input, context);
  },
});

/** The fan-out over every venue: the listings that came, and the venues that failed in `failed_sources`. */
async function everyExchange(
  input: Static<typeof GetInstrumentsInputSchema>,
  context: ToolContext<MarketClients>,
) {
  const { clients } = context;
  const outcomes = await Promise.all(
    clients.venues.map((venue) =>
      venue.listInstruments(context, input).then(
        (listing) => ({ exchange: venue.exchange, listing, error: null as unknown }),
        (error: unknown) => ({ exchange: venue.exchange, listing: null, error }),
      ),
    ),
  );
  const failed = outcomes
    .filter((o) => o.error !== null)
    .map((o) => ({ exchange: o.exchange, error: errorText(o.error) }));
  const used = outcomes.filter((o) => o.listing !== null);
  if (!used.length)
    throw allSourcesFailed(
      'every exchange failed to list instruments',
      outcomes.map((o) => o.error),
      failed,
    );
  const meta: Partial<Record<Exchange, ListingMeta>> = {};
  for (const o of used) if (o.listing?.meta) meta[o.exchange] = o.listing.meta;
  const whole = used.length === 1 && !failed.length && !used[0]!.listing!.meta;
  return {
    data: whole
      ? wholeListing(used[0]!.listing!.instruments)
      : { instruments: used.flatMap((o) => o.listing!.instruments), failed_sources: failed, meta },
    obtainedAt: Math.min(...used.map((o) => o.listing!.receivedAt)),
    stale: used.some((o) => o.listing!.stale),
  };
}

/** A named exchange's listing as the answer: its whole listing when it is not paged (the same object per entry). */
function answerOf(exchange: Exchange, listing: VenueListing) {
  return {
    data: listing.meta
      ? { instruments: listing.instruments, failed_sources: [], meta: { [exchange]: listing.meta } }
      : wholeListing(listing.instruments),
    obtainedAt: listing.receivedAt,
    stale: listing.stale === true,
  };
}
