import { AppError } from '@app/kit';
import type { Environment, UpstreamResponse } from '../../upstream/upstream-types.js';

/**
 * Reads a Deribit JSON-RPC envelope: the body decides success (`result`) or
 * failure (`error`), the HTTP status only matters when there is no envelope.
 * Error codes map to two families (notes §1.5): retryable (rate limit,
 * maintenance, transient) and not (bad parameters, unknown instrument,
 * credentials); a caller mistake becomes a 4xx with the upstream's reason.
 */

interface RpcErrorBody {
  code: number;
  message: string;
  data?: { reason?: string; param?: string };
}

interface RpcEnvelope {
  result?: unknown;
  error?: RpcErrorBody;
  testnet?: boolean;
}

const RETRY_LATER = new Set([10001, 10040, 10041, 10047, 10066, 13035, 13888]);
const MAINTENANCE = new Set([10019, 11051, 13025, 13028]);
const CREDENTIALS = new Set([10000, 13004, 13009, 13021, 11056]);
const PROTOCOL = new Set([-32700, -32600, -32601, 10030]);

export function rpcError(error: RpcErrorBody, context: string): AppError {
  const details = {
    upstream: 'optx',
    upstream_code: error.code,
    upstream_message: error.message,
    ...error.data,
  };
  const reason = error.data?.reason;
  if (error.code === -32602 && reason === 'instrument not found')
    return new AppError(404, 'UNKNOWN_INSTRUMENT', `optx does not list the instrument (${context})`, {
      details,
    });
  if (error.code === -32602 || error.code === -32000 || error.code === 13010 || error.code === 10020)
    return new AppError(
      400,
      'UPSTREAM_REJECTED_PARAMS',
      `optx rejected ${error.data?.param ?? 'a parameter'}: ${reason ?? error.message} (${context})`,
      { details },
    );
  if (error.code === 10028)
    return new AppError(502, 'UPSTREAM_RATE_LIMITED', 'optx rate limit reached; retry shortly', {
      retryable: true,
      details,
    });
  if (MAINTENANCE.has(error.code))
    return new AppError(503, 'UPSTREAM_MAINTENANCE', `optx is unavailable (${error.message})`, {
      retryable: true,
      details,
    });
  if (RETRY_LATER.has(error.code))
    return new AppError(502, 'UPSTREAM_UNAVAILABLE', `optx asked to retry (${error.message})`, {
      retryable: true,
      details,
    });
  if (CREDENTIALS.has(error.code))
    return new AppError(502, 'UPSTREAM_AUTH', `optx refused the gateway's credentials (${error.message})`, {
      details,
    });
  if (PROTOCOL.has(error.code))
    return new AppError(502, 'UPSTREAM_PROTOCOL', `optx did not understand the request (${error.message})`, {
      details,
    });
  return new AppError(502, 'UPSTREAM_ERROR', `optx error ${error.code} ${error.message}`, { details });
}

/** The `result` of a reply, or the mapped AppError; checks the envelope's `testnet` flag against the environment. */
export function readResult(response: UpstreamResponse, environment: Environment, context: string): unknown {
  const body = response.body as RpcEnvelope | string | null;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    if (typeof body.testnet === 'boolean' && body.testnet !== (environment === 'test'))
      throw new AppError(
        502,
        'UPSTREAM_ENVIRONMENT_MISMATCH',
        `optx answered from the ${body.testnet ? 'test' : 'live'} environment for a ${environment} call; check the base URL`,
      );
    if (body.error && typeof body.error.code === 'number') throw rpcError(body.error, context);
    if ('result' in body && response.status < 300) return body.result;
  }
  const retryable = response.status === 429 || response.status >= 500;
  throw new AppError(
    502,
    retryable ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE',
    `optx answered HTTP ${response.status} without a JSON-RPC envelope`,
    {
      retryable,
      details: { upstream: 'optx', status: response.status },
    },
  );
}
