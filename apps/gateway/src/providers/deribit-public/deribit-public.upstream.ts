import type { VenueFunding } from '../../domain/funding/funding.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamStatusError, upstreamUnavailable } from '../../upstream/upstream-errors.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { decimalField, record, timeField } from '../venue-public/public-answer.js';

const SOURCE = 'deribit';

/** JSON-RPC over HTTP: `result` or `error: {code, message, data}` (notes S10). An unknown instrument: null. */
function unwrap(response: UpstreamResponse, what: string): unknown {
  const body =
    typeof response.body === 'object' && response.body !== null
      ? (response.body as Record<string, unknown>)
      : null;
  if (body?.error) {
    const error = record(SOURCE, body.error, 'error');
    if (error.code === -32602) return null;
    throw upstreamUnavailable(SOURCE, 'live', 'bad_response', {
      retryable: error.code === 10028,
      message: `deribit refused ${what}: ${String(error.code)} ${String(error.message)}`,
    });
  }
  if (response.status !== 200 || !body) throw upstreamStatusError(SOURCE, response, what);
  return body.result;
}

/**
 * Deribit's public ticker (notes sentiment.md S10), not the gateway's `optx` trading client. `funding_8h` is the
 * trailing 8 h funding, already an 8 h rate.
 */
export class DeribitPublicClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  /** One perpetual's funding; null when Deribit does not list it. */
  funding(toolCall: CallDeadline, asset: string, instrument: string): Promise<Fetched<VenueFunding | null>> {
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: '/api/v2/public/ticker',
        query: { instrument_name: instrument },
        idempotent: true,
      },
      `${instrument} ticker`,
      (result) => {
        if (result === null) return null;
        const item = record(SOURCE, result, 'ticker');
        return {
          venue: 'deribit' as const,
          asset,
          symbol: instrument,
          rateInterval: decimalField(SOURCE, item.funding_8h, 'funding_8h'),
          intervalHours: 8,
          rateKind: 'trailing_8h' as const,
          nextFundingTime: null,
          markPrice: decimalField(SOURCE, item.mark_price, 'mark_price'),
          asOf: timeField(SOURCE, item.timestamp, 'timestamp'),
        };
      },
      { key: `ticker:${instrument}`, policy: providerPolicy(60_000) },
    );
  }
}

/** Deribit's public API, key-less; non-matching requests cost credits: 20 a second with a burst of 50. */
export const deribitPublicUpstream = defineUpstream({
  name: 'deribit-public',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://www.deribit.com',
      budget: { pools: { requests: { capacity: 50, refillPerSecond: 20 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: {
    method: 'GET',
    path: '/api/v2/public/ticker',
    query: { instrument_name: 'BTC-PERPETUAL' },
    idempotent: true,
  },
  client: (connection) => new DeribitPublicClient(connection.http(), connection.cache),
});
