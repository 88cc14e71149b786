import type { UpstreamHttp, UpstreamRequest, UpstreamResponse } from '../upstream/upstream-types.js';

/** What every venue-client call returns: the transformed data, the raw payload, and when it was obtained. */
export interface Fetched<T> {
  data: T;
  /** The upstream `result` (or body) unchanged, for `native` pass-through. */
  native: unknown;
  /** Epoch ms when the response arrived (`data_timestamp`). */
  receivedAt: number;
}

/**
 * One venue call: build the request (pure) → one I/O call through the upstream layer → unwrap the venue's
 * envelope or error (`unwrap`, the venue's error table) → read the payload (pure), keeping it as `native`.
 * A venue client holds one, made with its unwrap.
 */
export class VenueCall {
  constructor(
    readonly http: UpstreamHttp,
    private readonly unwrap: (response: UpstreamResponse, what: string) => unknown,
  ) {}

  async send<T>(request: UpstreamRequest, what: string, read: (payload: unknown) => T): Promise<Fetched<T>> {
    const response = await this.http.request(request);
    const payload = this.unwrap(response, what);
    return { data: read(payload), native: payload, receivedAt: response.receivedAt };
  }
}
