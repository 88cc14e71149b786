import { AppError } from '@app/kit';
import { writeAnswerLost } from '../../trading/write-errors.js';
import type { Environment, UpstreamResponse } from '../../upstream/upstream-types.js';
import { readResult } from './deribit-errors.js';

/**
 * The order-entry part of Deribit's error table (notes §1.5): the venue refused the order or the operation,
 * nothing executed, so a 4xx that is not retryable, with the upstream code in `details`. Rate limits,
 * maintenance and credentials keep the general mapping (deribit-errors.ts: `10028` retryable and so on).
 */

const NOT_FOUND = new Set([10004, 10025, 10029]);
const NOT_OPEN = new Set([11044, 10010]);
const REJECTED = new Set([
  10002, 10003, 10005, 10006, 10007, 10009, 10011, 10012, 10018, 10021, 10023, 10026, 10027, 10031, 10032,
  10034, 10035, 10043, 10044, 11029, 11035, 11036, 11043, 11047, 11049, 11050, 11054, 11055, 13019, 13032,
  13036, 13901,
]);

interface RpcErrorBody {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

function orderError(error: RpcErrorBody, context: string): AppError | undefined {
  const details = {
    upstream: 'optx',
    upstream_code: error.code,
    upstream_message: error.message,
    ...error.data,
  };
  if (NOT_FOUND.has(error.code))
    return new AppError(404, 'ORDER_NOT_FOUND', `optx has no such order (${context})`, { details });
  if (NOT_OPEN.has(error.code))
    return new AppError(409, 'ORDER_NOT_OPEN', `the order is no longer open (${context})`, { details });
  if (REJECTED.has(error.code))
    return new AppError(
      422,
      error.code === 10009 ? 'INSUFFICIENT_FUNDS' : 'ORDER_REJECTED',
      `optx rejected the order: ${error.message} (${context})`,
      { details },
    );
  return undefined;
}

/** A private read's result, or its mapped error. */
export function readPrivateResult(
  response: UpstreamResponse,
  environment: Environment,
  context: string,
): unknown {
  const error = (response.body as { error?: RpcErrorBody } | null)?.error;
  if (error && typeof error.code === 'number') {
    const mapped = orderError(error, context);
    if (mapped) throw mapped;
  }
  return readResult(response, environment, context);
}

/**
 * A write's result. A JSON-RPC error means the venue refused it (nothing executed); an answer without an
 * envelope (a 5xx page, a body that does not parse) does not say what happened: the order may exist, so the
 * write pipeline looks it up by its label.
 */
export function readWriteResult(
  response: UpstreamResponse,
  environment: Environment,
  context: string,
): unknown {
  const body = response.body;
  const isEnvelope = !!body && typeof body === 'object' && !Array.isArray(body);
  if (!isEnvelope || (!('result' in body) && !('error' in body)))
    throw writeAnswerLost('optx', `HTTP ${response.status} without a JSON-RPC envelope`);
  return readPrivateResult(response, environment, context);
}
