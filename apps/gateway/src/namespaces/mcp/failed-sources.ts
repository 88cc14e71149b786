import { AppError, isAppError } from '@app/kit';

/** A failed source's `error` text in `failed_sources`: the code and message, never internals. */
export const errorText = (error: unknown) =>
  isAppError(error) ? `${error.code}: ${error.message}` : 'internal error while calling the exchange';

/**
 * Every source of a fan-out failed: 502 ALL_SOURCES_FAILED, except when every one was rate-limited (the
 * gateway's budget or the venue's own answer), which is 429 with the longest Retry-After: the caller should
 * come back, not treat the venues as broken.
 */
export function allSourcesFailed(what: string, errors: unknown[], failed: readonly object[]): AppError {
  const limited = errors.every((error) => isAppError(error) && error.status === 429);
  if (!limited)
    return new AppError(502, 'ALL_SOURCES_FAILED', what, {
      retryable: true,
      details: { failed_sources: failed },
    });
  const seconds = Math.max(
    1,
    ...errors.map((error) => Number((error as AppError).headers?.['retry-after'] ?? 1)),
  );
  return new AppError(
    429,
    'UPSTREAM_RATE_LIMITED',
    `${what}: every one is rate-limited; retry in ${seconds} s`,
    {
      retryable: true,
      headers: { 'retry-after': String(seconds) },
      details: { failed_sources: failed },
    },
  );
}
