import type { FngPoint } from '../../domain/social/social-metrics.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamUnavailable } from '../../upstream/upstream-errors.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { arrayField, decimalField, jsonBody, record } from '../venue-public/public-answer.js';

const SOURCE = 'fear_greed';

/** `{name, data, metadata: {error}}`: a non-null `metadata.error` is the source's failure (notes S3). */
function unwrap(response: UpstreamResponse, what: string): unknown {
  const body = record(SOURCE, jsonBody(SOURCE, response, what), what);
  const error = (body.metadata as { error?: unknown } | undefined)?.error;
  if (error !== null && error !== undefined)
    throw upstreamUnavailable(SOURCE, 'live', 'bad_response', {
      message: `alternative.me: ${String(error)}`,
    });
  return body.data;
}

/** alternative.me's Crypto Fear & Greed Index: one value a day, held an hour. */
export class FearGreedClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  /** The last `days` daily values, newest first. */
  history(toolCall: CallDeadline, days: number): Promise<Fetched<FngPoint[]>> {
    return this.#call.send(
      toolCall,
      { method: 'GET', path: '/fng/', query: { limit: days, format: 'json' }, idempotent: true },
      'the Fear & Greed index',
      (data) =>
        arrayField(SOURCE, data, 'data').map((row) => {
          const item = record(SOURCE, row, 'value');
          return {
            value: decimalField(SOURCE, item.value, 'value'),
            classification: String(item.value_classification ?? ''),
            timestamp: decimalField(SOURCE, item.timestamp, 'timestamp'),
          };
        }),
      { key: `fng:${days}`, policy: providerPolicy(3_600_000) },
    );
  }
}

/** alternative.me (notes S3): public, key-less, no documented limit; a courtesy 1 request a second. */
export const fearGreedUpstream = defineUpstream({
  name: 'fear-greed',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://api.alternative.me',
      budget: { pools: { requests: { capacity: 5, refillPerSecond: 1 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: { method: 'GET', path: '/fng/', query: { limit: 1 }, idempotent: true },
  client: (connection) => new FearGreedClient(connection.http(), connection.cache),
});
