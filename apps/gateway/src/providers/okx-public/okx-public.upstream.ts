import type { VenueFunding } from '../../domain/funding/funding.js';
import { assetOfSymbol } from '../../domain/funding/symbols.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamUnavailable } from '../../upstream/upstream-errors.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { arrayField, decimalField, jsonBody, record, timeField } from '../venue-public/public-answer.js';

const SOURCE = 'okx';

/** OKX's envelope `{code, msg, data}`: `code` is the string "0" on success (notes S8). */
function unwrap(response: UpstreamResponse, what: string): unknown {
  const body = record(SOURCE, jsonBody(SOURCE, response, what), what);
  if (body.code !== '0')
    throw upstreamUnavailable(SOURCE, 'live', 'bad_response', {
      retryable: body.code === '50011',
      message: `okx refused ${what}: code ${String(body.code)} ${String(body.msg ?? '')}`.trim(),
    });
  return body.data;
}

/**
 * OKX v5 public funding (notes sentiment.md S8). `fundingRate` is the current period's rate, settled at
 * `fundingTime`; `nextFundingTime` is the settlement after, so the interval is their difference.
 */
export class OkxPublicClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  /** Every USDT swap's funding in one call (`instId=ANY`), keyed by asset. */
  funding(toolCall: CallDeadline): Promise<Fetched<Map<string, VenueFunding>>> {
    return this.#call.send(
      toolCall,
      { method: 'GET', path: '/api/v5/public/funding-rate', query: { instId: 'ANY' }, idempotent: true },
      'swap funding rates',
      (data) => {
        const rows = new Map<string, VenueFunding>();
        for (const row of arrayField(SOURCE, data, 'funding data')) {
          const item = record(SOURCE, row, 'funding item');
          const symbol = String(item.instId);
          const asset = assetOfSymbol('okx', symbol);
          if (!asset) continue;
          const fundingTime = timeField(SOURCE, item.fundingTime, `${symbol} fundingTime`);
          const after = timeField(SOURCE, item.nextFundingTime, `${symbol} nextFundingTime`);
          rows.set(asset, {
            venue: 'okx',
            asset,
            symbol,
            rateInterval: decimalField(SOURCE, item.fundingRate, `${symbol} fundingRate`),
            intervalHours: (after - fundingTime) / 3_600_000,
            rateKind: 'predicted_next',
            nextFundingTime: fundingTime,
            markPrice: null,
            asOf: timeField(SOURCE, item.ts, `${symbol} ts`),
          });
        }
        return rows;
      },
      { key: 'funding-any', policy: providerPolicy(60_000) },
    );
  }
}

/** OKX public data, key-less; its funding-rate limit is 20 requests per 2 s per IP, the gateway keeps to 5/s. */
export const okxPublicUpstream = defineUpstream({
  name: 'okx-public',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://www.okx.com',
      budget: { pools: { requests: { capacity: 10, refillPerSecond: 5 } }, cost: () => ({ requests: 1 }) },
    },
  },
  probe: {
    method: 'GET',
    path: '/api/v5/public/funding-rate',
    query: { instId: 'BTC-USDT-SWAP' },
    idempotent: true,
  },
  client: (connection) => new OkxPublicClient(connection.http(), connection.cache),
});
