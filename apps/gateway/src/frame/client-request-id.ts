import type { IncomingHttpHeaders } from 'node:http';

/** 1–128 printable ASCII characters: it is written into log lines and audit records as sent. */
const CLIENT_REQUEST_ID = /^[\x20-\x7e]{1,128}$/;

/**
 * The caller's own X-Request-Id, kept beside the gateway's id (`client_request_id` in the request log and
 * the audit trail) and never used as it: an id a client chose could collide with, or impersonate, another
 * request's. One that is too long or not printable is not recorded; the request goes on.
 */
export function clientRequestIdOf(headers: IncomingHttpHeaders): string | null {
  const value = headers['x-request-id'];
  return typeof value === 'string' && CLIENT_REQUEST_ID.test(value) ? value : null;
}
