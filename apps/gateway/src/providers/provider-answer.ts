import type { CachePolicy } from '../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../upstream/upstream-errors.js';
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

/** The body of a 200 answer as text, which it must be for the XML and CSV sources. */
export function textBody(source: string, response: UpstreamResponse, what: string): string {
  if (response.status !== 200) throw upstreamStatusError(source, response, what);
  if (typeof response.body !== 'string')
    throw upstreamBadResponse(source, 'live', `${what} answered JSON where text was expected`);
  return response.body;
}
