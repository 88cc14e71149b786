import { AppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Actor, Caller } from './caller.js';

/** Given a presented token, the actor whose token it is (see tokenMatcher). */
export type TokenCheck = (token: string) => Actor | undefined;

const REALM = 'Bearer realm="market-gateway"';

/**
 * `Bearer <token>`: the scheme is case-insensitive (RFC 7235), the token one run of non-space characters or
 * none at all (`Bearer`, `Bearer   `: Node trims the spaces after it).
 */
const BEARER = /^Bearer(?: +(\S+))? *$/i;

const missing = () =>
  new AppError(401, 'AUTH_TOKEN_MISSING', 'Authorization: Bearer <token> is required', {
    headers: { 'www-authenticate': REALM },
  });

/**
 * Resolves the caller from the Authorization header. No header, a bearer
 * header without a token, or an unknown token: 401 (RFC 6750: a request
 * without a token gets no error code). A header that is not a single bearer
 * credential: 400, so a client bug (a Basic header, two tokens) reads
 * differently from a wrong secret. Both tokens are always compared, in
 * constant time (tokenMatcher), so the response time does not tell which one
 * was close.
 */
export function authenticate(request: FastifyRequest, matchToken: TokenCheck): Caller {
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw missing();
  const match = BEARER.exec(header);
  if (match === null) {
    throw new AppError(400, 'AUTH_HEADER_MALFORMED', 'Authorization header must be "Bearer <token>"', {
      headers: { 'www-authenticate': `${REALM}, error="invalid_request"` },
    });
  }
  const token = match[1];
  if (token === undefined) throw missing();
  const actor = matchToken(token);
  if (!actor) {
    throw new AppError(401, 'AUTH_TOKEN_INVALID', 'Unknown bearer token', {
      headers: { 'www-authenticate': `${REALM}, error="invalid_token"` },
    });
  }
  return { actor, environment: actor === 'testnet' ? 'test' : 'live', botTag: null };
}
