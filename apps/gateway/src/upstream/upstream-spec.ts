import type { Authorizer, AuthorizerScope } from './authorizer.js';
import type { BudgetSpec } from './budget.js';
import type { CredentialSpec } from './credentials.js';
import type { UpstreamConnection } from './upstream-connection.js';
import type { UpstreamRequest, UpstreamResponse } from './upstream-types.js';

/** Where one host of an upstream lives. */
export interface HostSpec {
  /** The real host for the `public` profile: per environment for a venue, one URL for a live-only provider. */
  publicUrl: string | { test: string; live: string };
  /**
   * Path under the simulator's origin that stands for the public URL's path (`/api/v2` when the public URL
   * ends in `/api/v2`; `/fred` for the FRED host of the macro simulator), so the client builds the same
   * paths in both profiles. Default: none.
   */
  simPath?: string;
  /** The venue's limits in its own units and what each request costs (budget.ts); none: unmetered. */
  budget?: BudgetSpec;
}

/**
 * How the gateway knows an upstream, declared once by its venue or provider module
 * (`venues/deribit/deribit.upstream.ts`) and listed in `src/upstreams.ts`. From it come the base-URL
 * overrides and credential variables (docs/configuration.md), the clients per environment, readiness, and in
 * the sim profile the simulator of the same name.
 */
export interface UpstreamSpec<C = unknown> {
  /** `optx`, `perpdex`, `broker`, `macro`, `sentiment`; a simulator of the same name serves it in the sim profile. */
  name: string;
  /**
   * `test-and-live`: a venue with a test environment (the testnet token goes there). `live-only`: a data
   * provider with one environment, which both tokens read.
   */
  environments: 'test-and-live' | 'live-only';
  /** Its hosts by name; the first is the default. One host: `{ api: {...} }`. */
  hosts: Record<string, HostSpec>;
  /**
   * A cheap read that shows the upstream answers; readiness sends it (to `host`, default the first) and
   * wants a 2xx whose body parses as JSON (or any text with `expect: 'text'`).
   */
  probe: UpstreamRequest & { host?: string; expect?: 'json' | 'text' };
  /** The venue's own rate-limit answer besides HTTP 429 (Deribit's error 10028 under another status). */
  rateLimited?: (response: UpstreamResponse) => boolean;
  /** Credentials it needs per environment, from a file named by a variable, or issued by its simulator. */
  credentials?: CredentialSpec;
  /** Signs or otherwise authorizes each attempt of each request (a fresh nonce per attempt). */
  authorizer?: (scope: AuthorizerScope) => Authorizer;
  /** Per-upstream tuning over the configured defaults (e.g. a longer timeout for a slow feed). */
  tuning?: Partial<UpstreamTuning>;
  /** Its client for one environment: built once per upstream and environment, shared by every namespace. */
  client(connection: UpstreamConnection): C;
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
  /** How long nothing is sent after a rate-limit answer that names no Retry-After. */
  rateLimitBackoffMs: number;
  /** Longest a request waits for its budget before it is refused with 429. */
  budgetWaitMs: number;
}

/** Declares an upstream with its client type inferred from `client`. */
export function defineUpstream<C>(spec: UpstreamSpec<C>): UpstreamSpec<C> {
  return spec;
}

/** The hosts of a spec in declaration order; the first is the default. */
export const hostNames = (spec: UpstreamSpec): string[] => Object.keys(spec.hosts);
