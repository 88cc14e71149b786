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

export const BOT_TAG_MAX_LENGTH = 64;

// C0 controls, DEL and C1 controls: they would forge or break log lines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The X-Bot-Tag of a `/mcp*` call: 1–64 printable characters, else 400. */
export function botTagOf(request: FastifyRequest): string {
  const raw = request.headers['x-bot-tag'];
  const tag = Array.isArray(raw) ? raw.join(', ') : raw;
  if (tag === undefined || tag.trim() === '') {
    throw new AppError(400, 'BOT_TAG_MISSING', 'X-Bot-Tag header is required on /mcp* calls');
  }
  if (tag.length > BOT_TAG_MAX_LENGTH) {
    throw new AppError(400, 'BOT_TAG_INVALID', `X-Bot-Tag must be at most ${BOT_TAG_MAX_LENGTH} characters`);
  }
  if (CONTROL.test(tag)) {
    throw new AppError(400, 'BOT_TAG_INVALID', 'X-Bot-Tag must not contain control characters');
  }
  return tag;
}
