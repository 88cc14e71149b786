import { AppError } from '@app/kit';
import {
  type NormalisedFunding,
  normaliseFunding,
  type Venue,
  type VenueFunding,
} from '../../domain/funding/funding.js';
import { venueSymbol } from '../../domain/funding/symbols.js';
import type { ToolContext } from '../../tools/tool.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { Fetched } from '../../venues/venue-call.js';
import { allSourcesFailed } from '../mcp/failed-sources.js';
import { settleFanOut } from './fan-out.js';
import type { FailedSource } from './sentiment.schema.js';
import type { SentimentClients } from './sentiment-tool.js';

/** Funding of the requested assets on the requested venues: rows per asset, and the venues that failed. */
export interface FundingSnapshot {
  rows: Map<string, NormalisedFunding[]>;
  /** Per asset, the venues answering without it. */
  notListed: Map<string, Venue[]>;
  failed: FailedSource[];
  stale: boolean;
  receivedAt: number;
}

type VenueAnswer = Fetched<Map<string, VenueFunding>>;

/** One venue's funding for these assets: the bulk endpoints once, Deribit one ticker per asset it lists. */
async function venueFunding(
  context: CallDeadline,
  venue: Venue,
  assets: readonly string[],
  clients: SentimentClients,
  now: number,
): Promise<VenueAnswer> {
  if (venue !== 'deribit') return clients[venue].funding(context);
  const listed = assets.flatMap((asset) => {
    const instrument = venueSymbol('deribit', asset);
    return instrument ? [{ asset, instrument }] : [];
  });
  const answers = await Promise.all(
    listed.map(({ asset, instrument }) => clients.deribit.funding(context, asset, instrument)),
  );
  const data = new Map<string, VenueFunding>();
  for (const answer of answers) if (answer.data) data.set(answer.data.asset, answer.data);
  return {
    data,
    native: null,
    receivedAt: answers.length ? Math.min(...answers.map((answer) => answer.receivedAt)) : now,
    ...(answers.some((answer) => answer.stale) ? { stale: true as const } : {}),
  };
}

/**
 * Asks every venue at once; a venue that fails is listed in `failed_sources` and the others answer. Every
 * venue failing is 502 retryable (429 when every one was rate-limited). No venue listing a requested asset is
 * 404 naming `asset`.
 */
export async function fundingSnapshot(
  assets: readonly string[],
  venues: readonly Venue[],
  context: ToolContext<SentimentClients>,
): Promise<FundingSnapshot> {
  const settled = await Promise.allSettled(
    venues.map((venue) => venueFunding(context, venue, assets, context.clients, context.now())),
  );
  const rows = new Map<string, NormalisedFunding[]>(assets.map((asset) => [asset, []]));
  const notListed = new Map<string, Venue[]>(assets.map((asset) => [asset, []]));
  const { failed, errors, stale, receivedAt } = settleFanOut(venues, settled, {
    sourceOf: (venue) => venue,
    receivedAt: Number.POSITIVE_INFINITY,
    each: (venue, answer) => {
      for (const asset of assets) {
        const row = answer.data.get(asset);
        if (row) rows.get(asset)!.push(normaliseFunding(row, context.now()));
        else notListed.get(asset)!.push(venue);
      }
    },
  });
  if (errors.length === venues.length) throw allSourcesFailed('every venue failed', errors, failed);
  const missing = assets.filter((asset) => rows.get(asset)!.length === 0);
  if (missing.length === assets.length)
    throw new AppError(
      404,
      'ASSET_NOT_LISTED',
      `asset: ${missing.join(', ')} is listed on none of the venues that answered`,
      {
        details: { field: 'asset', failed_sources: failed },
      },
    );
  return { rows, notListed, failed, stale, receivedAt };
}
