import { AppError } from '@app/kit';

/**
 * For venue clients: the venue answered a write with something that does not say what happened (a 5xx, a body
 * that does not parse). The order may exist; the pipeline looks it up by its client order id.
 */
export function writeAnswerLost(upstream: string, what: string): AppError {
  return new AppError(502, 'UPSTREAM_UNAVAILABLE', `${upstream} answered the write with ${what}`, {
    retryable: false,
    details: { upstream, reason: 'bad_response', outcome_unknown: true },
  });
}

/**
 * Whether a failed send may still have executed at the venue. Only what the upstream layer knows was never
 * sent (a refused connection, an open circuit, a deadline that passed before the attempt, a budget or venue
 * refusal, anything 4xx) counts as not executed; anything else is looked up before the gateway answers.
 */
export function mayHaveExecuted(error: AppError): boolean {
  if (error.details?.outcome_unknown === true) return true;
  // A venue client that read a refusal of the whole request (a signature or nonce refused) knows it did not run.
  if (error.details?.executed === false) return false;
  if (error.status < 500) return false;
  if (error.code === 'UPSTREAM_TIMEOUT') return false;
  const reason = error.details?.reason;
  return !(
    error.code === 'UPSTREAM_UNAVAILABLE' &&
    (reason === 'connection_failed' || reason === 'circuit_open')
  );
}

/**
 * 504 WRITE_OUTCOME_UNKNOWN: the write was sent, its answer was lost and the venue has no record of its client
 * order id (yet) or could not be asked. Retryable only under an Idempotency-Key: the repeat looks the order up
 * again, and sends it again only once the venue still has no record of it a lookup window after the send
 * (answered with `resent: true`); without a key a repeat would be a new order.
 */
export function writeOutcomeUnknown(clientOrderId: string, keyed: boolean, cause?: unknown): AppError {
  return new AppError(
    504,
    'WRITE_OUTCOME_UNKNOWN',
    keyed
      ? `The write with client order id ${clientOrderId} was sent but its outcome is unknown; repeat the request with the same Idempotency-Key to look it up again (it is sent again, once, only if the venue still has no record of it a few seconds after the send)`
      : `The write with client order id ${clientOrderId} was sent but its outcome is unknown; look the order up by its client order id before placing it again`,
    { retryable: keyed, details: { client_order_id: clientOrderId }, cause },
  );
}

export const idempotencyKeyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used with another request body or tool in the last 24 h; use a new key for a new write',
  );

export const idempotencyInProgress = () =>
  new AppError(
    409,
    'IDEMPOTENCY_IN_PROGRESS',
    'A request with this Idempotency-Key is still running; repeat it later to get its answer',
    { retryable: true },
  );

export const idempotencyStoreUnavailable = (cause: unknown) =>
  new AppError(
    503,
    'IDEMPOTENCY_STORE_UNAVAILABLE',
    'The idempotency key store cannot be reached; the write was not sent',
    { retryable: true, cause },
  );

export const riskCapNotConfigured = (venue: string) =>
  new AppError(500, 'RISK_CAP_NOT_CONFIGURED', `No leverage cap is configured for ${venue}`);
