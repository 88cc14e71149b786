import { AppError } from '@app/kit';
import type { Environment, UpstreamResponse } from './upstream-types.js';

/**
 * The only errors the upstream layer rejects with. Both say which upstream and
 * environment failed so the envelope tells a bot where the problem is.
 */
export function upstreamTimeout(
  name: string,
  environment: Environment,
  options: { sent: boolean; idempotent: boolean; cause?: unknown },
): AppError {
  // A write that timed out after it was sent may have been executed: retrying it blindly could duplicate an order.
  const outcomeUnknown = options.sent && !options.idempotent;
  return new AppError(
    504,
    'UPSTREAM_TIMEOUT',
    outcomeUnknown
      ? `${name} (${environment}) did not answer in time; the request may have been executed, check its state before retrying`
      : `${name} (${environment}) did not answer in time`,
    {
      retryable: !outcomeUnknown,
      details: { upstream: name, environment, ...(outcomeUnknown ? { outcome_unknown: true } : {}) },
      cause: options.cause,
    },
  );
}

export type UnavailableReason =
  | 'circuit_open'
  | 'connection_failed'
  | 'connection_lost'
  | 'response_too_large'
  | 'bad_response';

export function upstreamUnavailable(
  name: string,
  environment: Environment,
  reason: UnavailableReason,
  options: { retryable?: boolean; message?: string; cause?: unknown; outcomeUnknown?: boolean } = {},
): AppError {
  return new AppError(
    502,
    'UPSTREAM_UNAVAILABLE',
    options.message ?? `${name} (${environment}) is unavailable: ${reason.replaceAll('_', ' ')}`,
    {
      retryable: options.retryable ?? true,
      details: {
        upstream: name,
        environment,
        reason,
        ...(options.outcomeUnknown ? { outcome_unknown: true } : {}),
      },
      cause: options.cause,
    },
  );
}

/** For venue clients: the upstream answered, but with something its protocol does not allow (e.g. broken JSON). */
export function upstreamBadResponse(name: string, environment: Environment, what: string): AppError {
  return upstreamUnavailable(name, environment, 'bad_response', {
    message: `${name} (${environment}) sent an invalid response: ${what}`,
  });
}

/**
 * An upstream's answer other than the one it documents as success: 429 and 5xx are retryable 502s (the
 * source is busy or down; a cached answer may stand in), anything else a 502 that a retry will not mend.
 * The start of the body goes into the message: providers explain refusals there.
 */
export function upstreamStatusError(source: string, response: UpstreamResponse, what: string): AppError {
  const retryable = response.status === 429 || response.status >= 500;
  const body =
    typeof response.body === 'string' || response.body == null
      ? (response.body ?? '')
      : JSON.stringify(response.body);
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
