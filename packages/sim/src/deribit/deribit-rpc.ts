/**
 * Deribit's JSON-RPC 2.0 envelope over HTTP GET: `result` xor `error`,
 * `usIn`/`usOut`/`usDiff` in microseconds and the `testnet` flag; errors are
 * HTTP 400 (401 for 13009) with a JSON-RPC error object.
 */

export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly data?: { reason: string; param?: string },
    readonly httpStatus = 400,
  ) {
    super(rpcMessage);
  }
}

export const invalidParams = (reason: string, param: string) =>
  new RpcError(-32602, 'Invalid params', { reason, param });

export const methodNotFound = () => new RpcError(-32601, 'Method not found');

export type Query = Record<string, string | string[] | undefined>;

/** The single value of a query parameter (the last one when repeated). */
function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

export function requiredString(query: Query, name: string): string {
  const value = single(query, name);
  if (value === undefined || value === '') throw invalidParams('value is required', name);
  return value;
}

export function optionalString(query: Query, name: string): string | undefined {
  const value = single(query, name);
  return value === '' ? undefined : value;
}

export function requiredInteger(query: Query, name: string): number {
  const text = requiredString(query, name);
  if (!/^-?\d{1,16}$/.test(text)) throw invalidParams('wrong format', name);
  return Number(text);
}

export function optionalBoolean(query: Query, name: string): boolean | undefined {
  const text = optionalString(query, name);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidParams('wrong format', name);
  return text === 'true';
}

export function oneOfParam<T extends string>(
  query: Query,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const text = optionalString(query, name);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw invalidParams('wrong format', name);
  return text as T;
}

export interface Envelope {
  jsonrpc: '2.0';
  id?: number | string;
  result?: unknown;
  error?: { code: number; message: string; data?: { reason: string; param?: string } };
  usIn: number;
  usOut: number;
  usDiff: number;
  testnet: boolean;
}

/** Builds the reply envelope; `id` is echoed only when the request carried one. */
export function envelope(
  outcome: { result: unknown } | { error: RpcError },
  timing: { usIn: number; usOut: number },
  testnet: boolean,
  id: string | undefined,
): Envelope {
  const body: Envelope = {
    jsonrpc: '2.0',
    usIn: timing.usIn,
    usOut: timing.usOut,
    usDiff: timing.usOut - timing.usIn,
    testnet,
  };
  if (id !== undefined) body.id = /^\d+$/.test(id) ? Number(id) : id;
  if ('result' in outcome) body.result = outcome.result;
  else {
    const { code, rpcMessage, data } = outcome.error;
    body.error = data ? { code, message: rpcMessage, data } : { code, message: rpcMessage };
  }
  return body;
}
