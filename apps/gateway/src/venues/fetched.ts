/** What every venue-client call returns: the transformed data, the raw payload, and when it was obtained. */
export interface Fetched<T> {
  data: T;
  /** The upstream `result` (or body) unchanged, for `native` pass-through. */
  native: unknown;
  /** Epoch ms when the response arrived (`data_timestamp`). */
  receivedAt: number;
}
