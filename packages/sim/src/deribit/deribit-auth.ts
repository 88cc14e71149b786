import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SimContext } from '../simulator.js';
import { invalidParams, optionalString, type Query, RpcError, requiredString } from './deribit-rpc.js';

/**
 * Deribit's `public/auth` (notes §2.1) and the Bearer check of `private/*` (notes §1.4, §2.4): the
 * `client_credentials`, `refresh_token` and `client_signature` grants; opaque tokens with `expires_in`
 * (900 s by default, so expiry paths get exercised, notes §12.1 item 4) on the instance's clock; single-use
 * refresh tokens; the granted scope is the requested one within the key's, and a method outside it is
 * `13021 forbidden`. A missing, unknown or expired token is HTTP 401 `13009 unauthorized`.
 */

/** What the simulator's API key may do: everything the gateway needs. */
const KEY_SCOPES = ['account:read_write', 'trade:read_write', 'wallet:read_write'];
const DEFAULT_LIFETIME_S = 900;

interface Grant {
  scopes: Set<string>;
  expiresAt: number;
  refreshToken: string;
}

/** The key set an instance issues to the gateway: deterministic from its seed, different per environment. */
export function optxCredentials(context: Pick<SimContext, 'seed' | 'environment'>): Record<string, string> {
  const digest = createHash('sha256').update(`optx-key:${context.environment}:${context.seed}`).digest('hex');
  return { client_id: `sim${digest.slice(0, 8)}`, client_secret: digest.slice(8, 48) };
}

export const unauthorized = () => new RpcError(13009, 'unauthorized', { reason: 'invalid_token' }, 401);
const forbidden = () => new RpcError(13021, 'forbidden', { reason: 'scope_insufficient' });
const invalidCredentials = () => new RpcError(13004, 'invalid_credentials');

/** `trade:read_write` covers `trade:read`; `account:read_write` covers `account:read`. */
function covers(granted: Set<string>, needed: string): boolean {
  if (granted.has(needed)) return true;
  const [area, level] = needed.split(':');
  return level === 'read' && granted.has(`${area}:read_write`);
}

export class OptxAuth {
  readonly #grants = new Map<string, Grant>();
  readonly #refresh = new Map<string, string>(); // refresh token → access token
  lifetimeSeconds = DEFAULT_LIFETIME_S;

  constructor(
    private readonly credentials: Record<string, string>,
    private readonly now: () => number,
  ) {}

  /** `public/auth`: a new token pair, or 13004 for a wrong key, -32602 for a malformed request. */
  auth(query: Query): Record<string, unknown> {
    const grantType = requiredString(query, 'grant_type');
    let scopes: Set<string>;
    if (grantType === 'refresh_token') {
      const refresh = requiredString(query, 'refresh_token');
      const access = this.#refresh.get(refresh);
      if (!access) throw unauthorized();
      this.#refresh.delete(refresh); // single use
      scopes = this.#grants.get(access)?.scopes ?? new Set(KEY_SCOPES);
      this.#grants.delete(access);
    } else if (grantType === 'client_credentials' || grantType === 'client_signature') {
      this.#checkKey(grantType, query);
      scopes = this.#requested(optionalString(query, 'scope'));
    } else throw invalidParams('wrong format', 'grant_type');
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    this.#grants.set(accessToken, {
      scopes,
      expiresAt: this.now() + this.lifetimeSeconds * 1000,
      refreshToken,
    });
    this.#refresh.set(refreshToken, accessToken);
    const state = optionalString(query, 'state');
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.lifetimeSeconds,
      refresh_token: refreshToken,
      scope: [...scopes].sort().join(' '),
      enabled_features: [],
      ...(state === undefined ? {} : { state }),
    };
  }

  /** The Bearer of a `private/*` request must be live and its scope must cover `needed`. */
  check(request: FastifyRequest, needed: string): void {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const grant = token ? this.#grants.get(token) : undefined;
    if (!grant || grant.expiresAt <= this.now()) throw unauthorized();
    if (!covers(grant.scopes, needed)) throw forbidden();
  }

  #checkKey(grantType: string, query: Query): void {
    const clientId = requiredString(query, 'client_id');
    if (clientId !== this.credentials.client_id) throw invalidCredentials();
    const secret = this.credentials.client_secret!;
    if (grantType === 'client_credentials') {
      if (requiredString(query, 'client_secret') !== secret) throw invalidCredentials();
      return;
    }
    // client_signature (notes §2.2): HMAC-SHA256(secret, timestamp \n nonce \n data), lowercase hex.
    const timestamp = requiredString(query, 'timestamp');
    const nonce = optionalString(query, 'nonce') ?? '';
    const data = optionalString(query, 'data') ?? '';
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${data}`).digest('hex');
    if (requiredString(query, 'signature') !== expected) throw invalidCredentials();
    if (Math.abs(Number(timestamp) - this.now()) > 60_000) throw invalidCredentials();
  }

  /** The requested `trade:`/`account:`/`wallet:` scopes within the key's; none requested: the key's. */
  #requested(scope: string | undefined): Set<string> {
    const asked = (scope ?? '').split(/\s+/).filter((part) => /^(trade|account|wallet):/.test(part));
    if (asked.length === 0) return new Set(KEY_SCOPES);
    return new Set(asked.filter((part) => KEY_SCOPES.some((mine) => covers(new Set([mine]), part))));
  }
}
