import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Incoming ids are echoed into logs and headers, so only short, plain tokens are accepted. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A fresh request id (a UUID), for a service that never adopts its callers' ids. */
export const newRequestId = (): string => randomUUID();

/** Accepts a caller's `X-Request-Id` when it is sane, otherwise generates a UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return newRequestId();
}
