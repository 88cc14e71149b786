import { AppError } from '@app/kit';
import { writeAnswerLost } from '../../trading/write-errors.js';
import { upstreamBadResponse } from '../../upstream/upstream-errors.js';
import type { Environment, UpstreamResponse } from '../../upstream/upstream-types.js';

/** IBKR's error text of a body (`{"error": "...", "statusCode": n}`), if it has one. */
export const venueError = (body: unknown): string | undefined =>
  body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : undefined;

/** "no bridge" and "query /accounts first": the brokerage session is not (or no longer) open (notes §4.3). */
export const sessionMissing = (response: UpstreamResponse) =>
  response.status === 400 && /no bridge|accounts first/i.test(venueError(response.body) ?? '');

/**
 * The error table of notes §4.3 for reads: 2xx passes; 401 after the re-mint is an auth failure (502);
 * other 4xx are the venue refusing what was asked (422 with its text); 5xx and non-JSON are a bad response.
 */
export function readBody(response: UpstreamResponse, environment: Environment, what: string): unknown {
  if (response.status >= 200 && response.status < 300) {
    if (typeof response.body === 'string')
      throw upstreamBadResponse('broker', environment, `non-JSON for ${what}`);
    return response.body;
  }
  const text = venueError(response.body) ?? `status ${response.status}`;
  if (response.status === 401)
    throw new AppError(
      502,
      'UPSTREAM_AUTH_FAILED',
      `broker (${environment}) refused the credentials: ${text}`,
      {
        details: { upstream: 'broker', environment, venue_error: text },
      },
    );
  if (response.status < 500)
    throw new AppError(422, 'VENUE_REJECTED', `broker refused ${what}: ${text}`, {
      details: { upstream: 'broker', environment, venue_error: text, status: response.status },
    });
  throw upstreamBadResponse('broker', environment, `status ${response.status} for ${what}`);
}

/** A write's answer: 5xx or unparseable means the order may exist (looked up by cOID); 4xx and `error` refuse. */
export function readWriteBody(response: UpstreamResponse, environment: Environment, what: string): unknown {
  if (response.status >= 500 || typeof response.body === 'string')
    throw writeAnswerLost('broker', `status ${response.status} for ${what}`);
  const error = venueError(response.body);
  if (response.status === 200 && error)
    throw new AppError(422, 'ORDER_REJECTED', `broker rejected ${what}: ${error}`, {
      details: { upstream: 'broker', environment, venue_error: error },
    });
  return readBody(response, environment, what);
}
