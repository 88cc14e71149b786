import type { CallDeadline } from '../upstream/call-deadline.js';
import type { CachePolicy, UpstreamCache } from '../upstream/upstream-cache.js';
import type { UpstreamHttp, UpstreamRequest, UpstreamResponse } from '../upstream/upstream-types.js';

/** What every venue-client call returns: the transformed data, the raw payload, and when it was obtained. */
export interface Fetched<T> {
  data: T;
  /** The upstream `result` (or body) unchanged, for `native` pass-through. */
  native: unknown;
  /** Epoch ms when the response arrived (`data_timestamp`); a cached answer keeps its own. */
  receivedAt: number;
  /** Present when the upstream failed and a cached answer within its stale window stands in. */
  stale?: true;
}

/** A client call's cache: its key within the upstream and environment, and how long it holds. */
export interface CacheUse {
  key: string;
  policy: CachePolicy;
}

/**
 * One venue call: build the request (pure) → one I/O call through the upstream layer (or the upstream's
 * cache, when the call declares one) → unwrap the venue's envelope or error (`unwrap`, the venue's error
 * table) → read the payload (pure), keeping it as `native`. A venue client holds one, made with its unwrap.
 */
export class VenueCall {
  constructor(
    readonly http: UpstreamHttp,
    private readonly unwrap: (response: UpstreamResponse, what: string) => unknown,
    private readonly cache?: UpstreamCache,
  ) {}

  /**
   * Not an async function: an answer the cache holds fresh is one settled promise, without the async
   * function's own, its await's and a loader closure (a polled listing is read this way on every call).
   */
  send<T>(
    call: CallDeadline,
    request: UpstreamRequest,
    what: string,
    read: (payload: unknown) => T,
    cacheUse?: CacheUse,
  ): Promise<Fetched<T>> {
    if (!cacheUse || !this.cache) return this.#fetch(request, call, what, read);
    const hit = this.cache.fresh<Fetched<T>>(cacheUse.key);
    if (hit) return Promise.resolve(hit.value);
    return this.cache
      .get(cacheUse.key, cacheUse.policy, async () => {
        // A load shared by several calls runs within the deadline of the call that started it.
        const value = await this.#fetch(request, call, what, read);
        return { value, obtainedAt: value.receivedAt };
      })
      .then((cached) => (cached.stale ? { ...cached.value, stale: true } : cached.value));
  }

  async #fetch<T>(
    request: UpstreamRequest,
    call: CallDeadline,
    what: string,
    read: (payload: unknown) => T,
  ): Promise<Fetched<T>> {
    const response = await this.http.request(request, call.deadline, call.dryRun);
    const payload = this.unwrap(response, what);
    return { data: read(payload), native: payload, receivedAt: response.receivedAt };
  }
}
