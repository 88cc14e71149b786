import { AppError } from '@app/kit';
import type { Authorizer, AuthorizerScope } from '../../upstream/authorizer.js';
import type { Deadline } from '../../upstream/call-deadline.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';
import { readResult } from './deribit-errors.js';

/**
 * Deribit's Bearer tokens for `private/*` (notes §2.1, §14): `public/auth` with `client_credentials`, one auth
 * in flight per environment (callers share its promise), refreshed with the single-use refresh token at 80 % of
 * `expires_in`, and dropped when the venue refuses it (`13009 unauthorized`, `10000 authorization_required`) so
 * the upstream layer authorizes afresh and sends once more. The granted scope must cover what the tools need
 * (notes §2.4); a key without it is a configuration error, reported as such. Public methods go without a token.
 */

export const REQUIRED_SCOPES = ['trade:read_write', 'account:read'] as const;
const STALE_TOKEN_CODES = new Set([13009, 10000]);

interface Token {
  access: string;
  refresh: string;
  /** When to renew: 80 % of the lifetime the venue gave. */
  renewAt: number;
  /** The credential set it was obtained with: a swapped set invalidates it. */
  version: number;
}

interface AuthResult {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope?: string;
}

/** Whether the granted scope string covers `needed` (`read_write` covers `read`). */
export function scopeCovers(granted: string, needed: string): boolean {
  const parts = new Set(granted.split(/\s+/));
  const [area, level] = needed.split(':');
  return parts.has(needed) || (level === 'read' && parts.has(`${area}:read_write`));
}

export function deribitAuthorizer({ credentials, http, now, environment }: AuthorizerScope): Authorizer {
  let token: Token | undefined;
  let inFlight: Promise<Token> | undefined;

  const request = async (query: Record<string, string>, deadline: Deadline): Promise<AuthResult> => {
    const response = await http().request(
      { method: 'GET', path: '/public/auth', query, idempotent: true, anonymous: true },
      deadline,
    );
    return readResult(response, environment, 'public/auth') as AuthResult;
  };

  /** Under the deadline of the request that needs the token (an auth in flight is shared, under the first one's). */
  const obtain = async (deadline: Deadline): Promise<Token> => {
    const set = credentials.require();
    let result: AuthResult | undefined;
    if (token && token.version === set.version) {
      // A refresh token is single use; a refused one falls back to the key.
      result = await request({ grant_type: 'refresh_token', refresh_token: token.refresh }, deadline).catch(
        () => undefined,
      );
    }
    result ??= await request(
      {
        grant_type: 'client_credentials',
        client_id: set.get('client_id'),
        client_secret: set.get('client_secret'),
      },
      deadline,
    );
    const missing = REQUIRED_SCOPES.filter((scope) => !scopeCovers(result!.scope ?? '', scope));
    if (missing.length > 0)
      throw new AppError(502, 'UPSTREAM_AUTH', `optx API key lacks the scope ${missing.join(', ')}`, {
        details: { upstream: 'optx', environment, missing_scopes: missing },
      });
    return {
      access: result.access_token,
      refresh: result.refresh_token,
      renewAt: now() + result.expires_in * 800,
      version: set.version,
    };
  };

  const current = async (deadline: Deadline): Promise<string> => {
    const version = credentials.current()?.version;
    if (token && token.renewAt > now() && token.version === version) return token.access;
    inFlight ??= obtain(deadline)
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return (await inFlight).access;
  };

  return {
    async authorize(outgoing, deadline) {
      if (!outgoing.path.includes('/private/')) return;
      outgoing.headers.authorization = `Bearer ${await current(deadline)}`;
    },
    rejected(response: UpstreamResponse) {
      const code = (response.body as { error?: { code?: unknown } } | null)?.error?.code;
      const stale = typeof code === 'number' && STALE_TOKEN_CODES.has(code);
      if (stale && token) token = { ...token, renewAt: 0, version: -1 };
      return stale;
    },
  };
}
