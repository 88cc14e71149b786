import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { jsonBody, record } from '../venue-public/public-answer.js';

const SOURCE = 'coingecko';

export interface CommunityVotes {
  upPct: number | null;
  downPct: number | null;
  watchlistUsers: number | null;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** CoinGecko's community votes (notes S5), the optional free social signal. */
export class CoinGeckoClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, (response, what) => jsonBody(SOURCE, response, what), cache);
  }

  votes(toolCall: CallDeadline, coinId: string): Promise<Fetched<CommunityVotes>> {
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: `/api/v3/coins/${encodeURIComponent(coinId)}`,
        query: {
          localization: false,
          tickers: false,
          market_data: false,
          community_data: true,
          developer_data: false,
          sparkline: false,
        },
        idempotent: true,
      },
      `${coinId} community data`,
      (payload) => {
        const coin = record(SOURCE, payload, 'coin');
        return {
          upPct: numberOrNull(coin.sentiment_votes_up_percentage),
          downPct: numberOrNull(coin.sentiment_votes_down_percentage),
          watchlistUsers: numberOrNull(coin.watchlist_portfolio_users),
        };
      },
      { key: `votes:${coinId}`, policy: providerPolicy(10 * 60_000) },
    );
  }
}

/** CoinGecko (notes S5): key-less access is tightly limited; the gateway keeps to one request every 2 s. */
export const coinGeckoUpstream = defineUpstream({
  name: 'coingecko',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://api.coingecko.com',
      budget: { pools: { requests: { capacity: 3, refillPerSecond: 0.5 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: { method: 'GET', path: '/api/v3/ping', idempotent: true },
  client: (connection) => new CoinGeckoClient(connection.http(), connection.cache),
});
