import { FeedError, type FeedItem, parseFeed } from '../../domain/news/feed-parse.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import type { UpstreamConnection } from '../../upstream/upstream-connection.js';
import { upstreamBadResponse } from '../../upstream/upstream-errors.js';
import { defineUpstream, type HostSpec } from '../../upstream/upstream-spec.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy, textBody } from '../provider-answer.js';
import { FEEDS, type FeedSpec } from './feeds.js';

/** Feeds update every few minutes: held 5 minutes (notes S1). */
const FEED_POLICY = providerPolicy(5 * 60_000);
/** Some outlets sit behind bot protection that refuses unknown agents (notes S1). */
const HEADERS = {
  accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8',
  'user-agent': 'Mozilla/5.0 (compatible; market-gateway news reader)',
};

function readFeed(response: UpstreamResponse, what: string): FeedItem[] {
  const text = textBody('news-feeds', response, what);
  try {
    return parseFeed(text);
  } catch (error) {
    if (error instanceof FeedError)
      throw upstreamBadResponse('news-feeds', 'live', `${what}: ${error.message}`);
    throw error;
  }
}

/** Reads the configured news feeds, each through its own host. */
export class NewsFeedsClient {
  readonly #calls: Map<string, VenueCall>;

  constructor(connection: Pick<UpstreamConnection, 'http'>, cache?: UpstreamCache) {
    this.#calls = new Map(
      FEEDS.map((feed) => [feed.id, new VenueCall(connection.http(feed.id), readFeed, cache)]),
    );
  }

  feed(toolCall: CallDeadline, feed: FeedSpec): Promise<Fetched<FeedItem[]>> {
    return this.#calls
      .get(feed.id)!
      .send(
        toolCall,
        { method: 'GET', path: feed.path, headers: HEADERS, idempotent: true },
        `the ${feed.id} feed`,
        (items) => items as FeedItem[],
        { key: `feed:${feed.id}`, policy: FEED_POLICY },
      );
  }
}

const host = (feed: FeedSpec): HostSpec => ({
  publicUrl: feed.origin,
  simPath: `/${feed.id}`,
  budget: { pools: { requests: { capacity: 4, refillPerSecond: 1 } }, cost: () => ({ requests: 1 }) },
});

/** The news feeds (notes S1, S2.4): public, key-less; a courtesy budget of one request a second per outlet. */
export const newsFeedsUpstream = defineUpstream({
  name: 'news-feeds',
  environments: 'live-only',
  hosts: Object.fromEntries(FEEDS.map((feed) => [feed.id, host(feed)])),
  probe: { method: 'GET', path: FEEDS[0]!.path, idempotent: true, expect: 'text' },
  client: (connection) => new NewsFeedsClient(connection, connection.cache),
});
