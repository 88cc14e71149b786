import type { SocialBucket } from '../../domain/social/social-metrics.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { arrayField, jsonBody, record } from '../venue-public/public-answer.js';

const SOURCE = 'lunarcrush';
const METRICS = [
  'interactions',
  'sentiment',
  'posts_active',
  'contributors_active',
  'social_dominance',
  'galaxy_score',
  'alt_rank',
] as const;

/**
 * LunarCrush API v4 (notes S4), billed per request to an account balance: optional. The key comes from the
 * credentials file (`LUNARCRUSH_CREDENTIALS_FILE`, `{"api_key": "…"}`), sent as `Authorization: Bearer`.
 */
export class LunarCrushClient {
  readonly #call: VenueCall;

  constructor(
    http: UpstreamHttp,
    private readonly credentials: CredentialHandle | undefined,
    cache?: UpstreamCache,
  ) {
    this.#call = new VenueCall(http, (response, what) => jsonBody(SOURCE, response, what), cache);
  }

  /** Whether a key is configured: without one the tool reports LunarCrush as missing, not failed. */
  get configured(): boolean {
    return this.credentials?.current() !== undefined;
  }

  /** The last week of hourly buckets of a topic, oldest first; absent fields stay absent. */
  topicHours(toolCall: CallDeadline, topic: string): Promise<Fetched<SocialBucket[]>> {
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: `/api4/public/topic/${encodeURIComponent(topic)}/time-series/v2`,
        idempotent: true,
      },
      `the ${topic} time series`,
      (payload) =>
        arrayField(SOURCE, record(SOURCE, payload, 'answer').data ?? [], 'data')
          .map((row) => {
            const item = record(SOURCE, row, 'bucket');
            const bucket: SocialBucket = { time: Number(item.time) };
            for (const metric of METRICS)
              if (typeof item[metric] === 'number' && Number.isFinite(item[metric]))
                bucket[metric] = item[metric] as number;
            return bucket;
          })
          .filter((bucket) => Number.isFinite(bucket.time))
          .sort((a, b) => a.time - b.time),
      { key: `topic:${topic}`, policy: providerPolicy(10 * 60_000) },
    );
  }
}

/** LunarCrush (notes S4): bearer key per request; a courtesy 1 request a second (each one is billed). */
export const lunarCrushUpstream = defineUpstream({
  name: 'lunarcrush',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://lunarcrush.com',
      budget: { pools: { requests: { capacity: 5, refillPerSecond: 1 } }, cost: () => ({ requests: 1 }) },
    },
  },
  credentials: { fields: ['api_key'] },
  authorizer: ({ credentials }) => ({
    authorize(request) {
      const set = credentials.current();
      if (set) request.headers.authorization = `Bearer ${set.get('api_key')}`;
    },
  }),
  probe: { method: 'GET', path: '/api4/public/topic/bitcoin/time-series/v2', idempotent: true },
  client: (connection) => new LunarCrushClient(connection.http(), connection.credentials, connection.cache),
});
