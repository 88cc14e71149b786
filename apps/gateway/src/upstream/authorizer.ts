import type { Deadline } from './call-deadline.js';
import type { CredentialHandle } from './credentials.js';
import type { Environment, UpstreamHttp, UpstreamResponse } from './upstream-types.js';

/**
 * One attempt's request as it will go on the wire, for an authorizer to sign. Built afresh for every
 * attempt, so a retry is signed again (new nonce, new timestamp, a refreshed token) rather than resent.
 */
export interface OutgoingRequest {
  readonly method: string;
  /** `https://host:port`. */
  readonly origin: string;
  /** Full path on the host (base path included), without the query. */
  readonly path: string;
  /** Query parameters in order; an authorizer may add its own. */
  readonly query: [string, string][];
  readonly headers: Record<string, string>;
  /** The serialized body, exactly the bytes that will be sent. */
  readonly body: string | undefined;
}

export interface Authorizer {
  /**
   * Called before every attempt of every request that is not `anonymous`; `deadline` is the request's
   * (the tool call's), for the authorizer's own requests (a token).
   */
  authorize(request: OutgoingRequest, deadline: Deadline): void | Promise<void>;
  /**
   * True when this answer means the upstream refused the credentials as stale (an expired or revoked
   * token): the authorizer drops what it derived from them, and the attempt loop authorizes afresh and sends
   * once more. Safe for writes too: a request refused at authentication was not executed.
   */
  rejected?(response: UpstreamResponse): boolean;
}

/** What an authorizer is built with, once per upstream and environment. */
export interface AuthorizerScope {
  environment: Environment;
  credentials: CredentialHandle;
  /** The upstream's hosts, for the authorizer's own calls (token requests must be `anonymous`). */
  http(host?: string): UpstreamHttp;
  now: () => number;
}
