import { AppError } from '@app/kit';
import type { CachePolicy } from '../upstream/upstream-cache.js';
import { upstreamBadResponse } from '../upstream/upstream-errors.js';
import type { UpstreamResponse } from '../upstream/upstream-types.js';

/**
 * What the macro and sentiment providers have in common: how a non-2xx answer becomes an error, and the
 * stale-if-error window of the notes (macro.md §0.7: an answer up to 24 h old stands in while a source
 * fails, marked `stale: true`).
 */

export const PROVIDER_STALE_IF_ERROR_MS = 24 * 3_600_000;

/** A cache policy fresh for `ttlMs`, then standing in for a failing source for 24 h. */
export const providerPolicy = (ttlMs: number): CachePolicy => ({
  ttlMs,
  staleIfErrorMs: PROVIDER_STALE_IF_ERROR_MS,
});

/**
 * A provider's answer other than the one it documents as success: 429 and 5xx are retryable 502s (the
 * source is busy or down; a cached answer may stand in), anything else a 502 that a retry will not mend.
 * The start of the body goes into the message: providers explain refusals there.
 */
export function providerStatusError(source: string, response: UpstreamResponse, what: string): AppError {
  const retryable = response.status === 429 || response.status >= 500;
  const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  const excerpt = body ? `: ${body.slice(0, 200)}` : '';
  return new AppError(
    502,
    response.status === 429
      ? 'UPSTREAM_RATE_LIMITED'
      : retryable
        ? 'UPSTREAM_UNAVAILABLE'
        : 'UPSTREAM_REJECTED_REQUEST',
    `${source} answered HTTP ${response.status} to ${what}${excerpt}`,
    { retryable, details: { upstream: source, status: response.status } },
  );
}

/** The body of a 200 answer as text, which it must be for the XML and CSV sources. */
export function textBody(source: string, response: UpstreamResponse, what: string): string {
  if (response.status !== 200) throw providerStatusError(source, response, what);
  if (typeof response.body !== 'string')
    throw upstreamBadResponse(source, 'live', `${what} answered JSON where text was expected`);
  return response.body;
}
