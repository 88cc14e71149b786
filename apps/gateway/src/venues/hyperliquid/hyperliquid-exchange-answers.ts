import { AppError } from '@app/kit';
import { writeAnswerLost } from '../../trading/write-errors.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';

/**
 * Reading `/exchange` answers (notes §6.7). HTTP 200 carries every business result: `ok` with per-order
 * statuses, or `err` with one message for the whole request (nothing executed). A 5xx or an unreadable body
 * does not say whether the action ran: the write pipeline then looks the order up by its cloid.
 */

export type OrderStatus =
  | { resting: { oid: number; cloid?: string } }
  | { filled: { totalSz: string; avgPx: string; oid: number; cloid?: string } }
  | { error: string }
  | string;

/** Messages that mean the signature or nonce was refused: the gateway's fault, not the caller's. */
const SIGNING_REFUSALS = [/^User or API Wallet/, /^Must deposit/, /^Invalid nonce/, /^Unable to recover/];

function topLevelError(message: string): AppError {
  const details = { upstream: 'perpdex', upstream_message: message, executed: false };
  if (SIGNING_REFUSALS.some((pattern) => pattern.test(message)))
    return new AppError(
      502,
      'UPSTREAM_REJECTED_SIGNATURE',
      `perpdex refused the signed request: ${message}`,
      {
        details,
      },
    );
  return new AppError(422, 'ORDER_REJECTED', `perpdex rejected the request: ${message}`, { details });
}

/** The `response` of an `ok` answer; throws for `err`, and `writeAnswerLost` when the outcome is unknown. */
export function readExchange(response: UpstreamResponse): {
  type: string;
  data?: { statuses: OrderStatus[] };
} {
  if (response.status >= 500) throw writeAnswerLost('perpdex', `HTTP ${response.status}`);
  const body = response.body as { status?: unknown; response?: unknown } | null;
  if (response.status === 200 && body?.status === 'ok' && body.response && typeof body.response === 'object')
    return body.response as { type: string; data?: { statuses: OrderStatus[] } };
  if (response.status === 200 && body?.status === 'err' && typeof body.response === 'string')
    throw topLevelError(body.response);
  if (response.status === 200) throw writeAnswerLost('perpdex', 'a body that does not parse');
  // 422 text: the venue could not read the body (nothing executed); 429: refused before execution.
  throw new AppError(
    502,
    'UPSTREAM_BAD_REQUEST',
    `perpdex refused the request with HTTP ${response.status}`,
    {
      details: {
        upstream: 'perpdex',
        status: response.status,
        body: String(response.body).slice(0, 200),
        executed: false,
      },
    },
  );
}

/** The one status of a one-order action; a per-order error is a 422 naming the venue's message. */
export function singleStatus(statuses: OrderStatus[] | undefined): Exclude<OrderStatus, { error: string }> {
  const status = statuses?.[0];
  if (status === undefined) throw writeAnswerLost('perpdex', 'no order status');
  if (typeof status === 'object' && 'error' in status)
    throw new AppError(422, 'ORDER_REJECTED', `perpdex rejected the order: ${status.error}`, {
      details: { upstream: 'perpdex', upstream_message: status.error },
    });
  return status;
}
