/**
 * The contract between venue clients (Deribit, Hyperliquid, IBKR, macro,
 * sentiment) and the upstream HTTP layer. The layer owns pools, timeouts,
 * retries, the circuit breaker and health; a venue client owns its protocol:
 * how to build a request and what a response or an error body means.
 */

import type { Deadline, DryRunCapture } from './call-deadline.js';

/** Which upstream environment a call goes to; the caller's bearer token decides. */
export type Environment = 'test' | 'live';

export interface UpstreamRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the client's base URL, starting with `/`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON when present. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * True for reads: retried with backoff and jitter on 429, 5xx and timeouts
   * (honouring Retry-After). False for writes: sent exactly once, never retried,
   * so an order cannot go through twice.
   */
  idempotent: boolean;
  /** Sent without the upstream's authorizer: public reads, and the authorizer's own token requests. */
  anonymous?: boolean;
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
}

export interface UpstreamResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: T;
  /** Epoch ms when the response arrived: the `data_timestamp` of what it carries. */
  receivedAt: number;
}

/**
 * One upstream in one environment. `request` resolves with the final response
 * whatever its status (venue clients interpret error bodies); it rejects with
 * an AppError only when no response could be had: `UPSTREAM_TIMEOUT` (504) or
 * `UPSTREAM_UNAVAILABLE` (502, e.g. connection refused or the circuit open),
 * both marked retryable.
 */
export interface UpstreamHttp {
  readonly name: string;
  /** Which of the upstream's hosts this is (`api` for a single-host upstream). */
  readonly host: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  /**
   * `deadline`: the tool call's (call-deadline.ts), undefined outside a tool call. `dryRun`: a dry-run write's
   * capture, handed a non-idempotent request signed instead of sending it.
   */
  request<T = unknown>(
    request: UpstreamRequest,
    deadline: Deadline,
    dryRun?: DryRunCapture,
  ): Promise<UpstreamResponse<T>>;
}
