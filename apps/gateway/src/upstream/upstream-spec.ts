import type { UpstreamRequest } from './upstream-types.js';

/**
 * How the gateway knows an upstream: declared once by the venue module
 * (e.g. `venues/optx/optx.upstream.ts`) and listed in `src/upstreams.ts`.
 */
export interface UpstreamSpec {
  /** `optx`, `perpdex`, `broker`, `macro`, `sentiment`; a simulator of the same name serves it in the sim profile. */
  name: string;
  /** The real hosts, used by the `public` profile. Providers without a test environment repeat the live URL. */
  publicUrls: { test: string; live: string };
  /**
   * Path under the simulator's origin that corresponds to the public base URL's path, e.g. `/api/v2` when
   * `publicUrls` end in `/api/v2`; so the venue client builds the same paths in both profiles. Default: none.
   */
  simPath?: string;
  /** A cheap read that shows the upstream answers; `/health/ready` sends it on every call. */

  probe: UpstreamRequest;
  /** Per-upstream tuning over the configured defaults (e.g. a longer timeout for a slow feed). */
  tuning?: Partial<UpstreamTuning>;
}

export interface UpstreamTuning {
  /** Deadline of one attempt (headers and body), unless a request sets its own. */
  timeoutMs: number;
  connectTimeoutMs: number;
  /** Attempts for idempotent requests, the first included. Writes always get exactly one. */
  maxAttempts: number;
  retryBaseMs: number;
  retryCapMs: number;
  /** A Retry-After longer than this is not waited for: the last answer is returned instead. */
  retryAfterCapMs: number;
  maxResponseBytes: number;
  breakerFailureThreshold: number;
  breakerOpenMs: number;
  /** Sockets kept per pool. */
  connections: number;
}
