import type { VenueFunding } from '../../domain/funding/funding.js';
import { assetOfSymbol } from '../../domain/funding/symbols.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse } from '../../upstream/upstream-errors.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { arrayField, decimalField, jsonBody, record } from '../venue-public/public-answer.js';

const SOURCE = 'hyperliquid';

/**
 * Hyperliquid's public info endpoint (notes sentiment.md S9), not the gateway's `perpdex` trading client (the
 * spec keeps them apart). `metaAndAssetCtxs` answers `[meta, ctxs]`, `ctxs[i]` belonging to `meta.universe[i]`;
 * `funding` is the hourly rate.
 */
export class HyperliquidPublicClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, (response, what) => jsonBody(SOURCE, response, what), cache);
  }

  async funding(toolCall: CallDeadline): Promise<Fetched<Map<string, VenueFunding>>> {
    const fetched = await this.#call.send(
      toolCall,
      { method: 'POST', path: '/info', body: { type: 'metaAndAssetCtxs' }, idempotent: true },
      'perpetuals metadata and contexts',
      (payload) => {
        const [meta, ctxs] = arrayField(SOURCE, payload, 'metaAndAssetCtxs');
        const universe = arrayField(SOURCE, record(SOURCE, meta, 'meta').universe, 'universe');
        const contexts = arrayField(SOURCE, ctxs, 'asset contexts');
        if (universe.length !== contexts.length)
          throw upstreamBadResponse(SOURCE, 'live', 'universe and contexts differ in length');
        const rows = new Map<string, VenueFunding>();
        universe.forEach((entry, i) => {
          const symbol = String(record(SOURCE, entry, 'universe entry').name);
          const asset = assetOfSymbol('hyperliquid', symbol);
          const context = record(SOURCE, contexts[i], `${symbol} context`);
          if (!asset) return;
          rows.set(asset, {
            venue: 'hyperliquid',
            asset,
            symbol,
            rateInterval: decimalField(SOURCE, context.funding, `${symbol} funding`),
            intervalHours: 1,
            rateKind: 'predicted_next',
            nextFundingTime: null,
            markPrice: decimalField(SOURCE, context.markPx, `${symbol} markPx`),
            asOf: 0,
          });
        });
        return rows;
      },
      { key: 'meta-and-contexts', policy: providerPolicy(60_000) },
    );
    // The answer carries no time: it is as of its arrival, and funding settles hourly on the hour.
    const at = fetched.receivedAt;
    const next = Math.floor(at / 3_600_000) * 3_600_000 + 3_600_000;
    const rows = new Map(
      [...fetched.data].map(([asset, row]) => [asset, { ...row, asOf: at, nextFundingTime: next }]),
    );
    return { ...fetched, data: rows };
  }
}

/** Hyperliquid's info endpoint, key-less; 1200 weight a minute per IP, this call weighs 20: 0.5 a second. */
export const hyperliquidPublicUpstream = defineUpstream({
  name: 'hyperliquid-public',
  environments: 'live-only',
  hosts: {
    api: {
      publicUrl: 'https://api.hyperliquid.xyz',
      budget: { pools: { weight: { capacity: 200, refillPerSecond: 10 } }, cost: () => ({ weight: 20 }) },
    },
  },
  probe: { method: 'POST', path: '/info', body: { type: 'meta' }, idempotent: true },
  client: (connection) => new HyperliquidPublicClient(connection.http(), connection.cache),
});
