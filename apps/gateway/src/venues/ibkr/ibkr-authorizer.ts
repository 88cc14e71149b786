import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto';
import { AppError } from '@app/kit';
import type { Authorizer, AuthorizerScope, OutgoingRequest } from '../../upstream/authorizer.js';
import type { Deadline } from '../../upstream/call-deadline.js';
import type { CredentialSet } from '../../upstream/credentials.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';
import { authorizationHeader, baseString, nonceFrom, percentEncode } from './oauth-base-string.js';
import {
  decryptAccessTokenSecret,
  dhChallenge,
  fromHex,
  hmacSignature,
  liveSessionToken,
  lstExpiry,
  lstSignature,
  rsaSignature,
} from './oauth-live-session-token.js';

/** What a credential set yields once: parsed keys and the decrypted secret (never logged). */
export interface IbkrKeys {
  consumerKey: string;
  accessToken: string;
  realm: string;
  prime: bigint;
  signatureKey: KeyObject;
  prepend: Buffer;
}

export function keysOf(set: CredentialSet): IbkrKeys {
  return {
    consumerKey: set.get('consumer_key'),
    accessToken: set.get('access_token'),
    realm: set.get('realm'),
    prime: fromHex(set.get('dh_prime')),
    signatureKey: createPrivateKey(set.get('private_signature_key')),
    prepend: decryptAccessTokenSecret(
      set.get('access_token_secret'),
      createPrivateKey(set.get('private_encryption_key')),
    ),
  };
}

export interface LiveSession {
  token: string;
  expiresAt: number;
}

/** Re-mint this long before the token's expiry (notes §3.8). */
const REMINT_BEFORE_MS = 60 * 60_000;
export const LST_PATH = '/oauth/live_session_token';

/**
 * Mints the LST with one set's keys (RSA-SHA256 request, DH, validation) through `scope.http()` without the
 * authorizer. Used for the active set and, by key rotation, for a staged set without touching the active one.
 */
export async function mintLiveSession(
  scope: Pick<AuthorizerScope, 'http' | 'now'>,
  keys: IbkrKeys,
  deadline: Deadline,
) {
  const http = scope.http();
  const random = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const params: Record<string, string> = {
    diffie_hellman_challenge: dhChallenge(random, keys.prime),
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: nonceFrom(randomBytes(16)),
    oauth_signature_method: 'RSA-SHA256',
    oauth_timestamp: String(Math.floor(scope.now() / 1000)),
    oauth_token: keys.accessToken,
  };
  const url = `${http.baseUrl.replace(/\/$/, '')}${LST_PATH}`;
  const base = baseString('POST', url, params, keys.prepend.toString('hex'));
  const signature = percentEncode(rsaSignature(base, keys.signatureKey));
  const response = await http.request<Record<string, unknown>>(
    {
      method: 'POST',
      path: LST_PATH,
      anonymous: true,
      idempotent: true,
      headers: { authorization: authorizationHeader(keys.realm, { ...params, oauth_signature: signature }) },
    },
    deadline,
  );
  const body = response.body ?? {};
  if (response.status !== 200 || typeof body.diffie_hellman_response !== 'string')
    throw new AppError(502, 'UPSTREAM_AUTH_FAILED', `broker refused the live session token request`, {
      retryable: response.status >= 500,
      details: { upstream: 'broker', status: response.status, venue_error: body.error ?? null },
    });
  const token = liveSessionToken({
    responseHex: body.diffie_hellman_response,
    random,
    prime: keys.prime,
    prepend: keys.prepend,
  });
  if (lstSignature(token, keys.consumerKey) !== body.live_session_token_signature)
    throw new AppError(502, 'UPSTREAM_AUTH_FAILED', 'broker live session token failed validation', {
      details: { upstream: 'broker', reason: 'lst_signature_mismatch' },
    });
  return { token, expiresAt: lstExpiry(Number(body.live_session_token_expiration), scope.now()) };
}

/** HMAC-SHA256 Authorization header of one request (§3.6); query parameters are not signed. */
export function signRequest(request: OutgoingRequest, keys: IbkrKeys, lst: string, now: number): string {
  const params: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: nonceFrom(randomBytes(16)),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(Math.floor(now / 1000)),
    oauth_token: keys.accessToken,
  };
  const signature = hmacSignature(baseString(request.method, request.origin + request.path, params), lst);
  return authorizationHeader(keys.realm, { ...params, oauth_signature: percentEncode(signature) });
}

/**
 * The per-environment signer: keys derived once per credential version, one LST mint in flight, re-minted an
 * hour before expiry and after a 401. `paused` holds new signatures while key rotation swaps the set.
 */
export class IbkrAuthorizer implements Authorizer {
  #keys: { version: number; keys: IbkrKeys } | undefined;
  #session: { version: number; session: LiveSession } | undefined;
  #minting: Promise<LiveSession> | undefined;
  /** Set by key rotation while it swaps: signing waits for it (calls during the swap wait, then succeed). */
  gate: Promise<void> | undefined;
  /** Counted mints, for tests and environment_info. */
  mints = 0;

  constructor(readonly scope: AuthorizerScope) {}

  keys(): IbkrKeys {
    const set = this.scope.credentials.require();
    if (this.#keys?.version !== set.version) this.#keys = { version: set.version, keys: keysOf(set) };
    return this.#keys.keys;
  }

  get session(): LiveSession | undefined {
    return this.#session?.session;
  }

  /** `deadline`: the request's that needs the session (a mint in flight is shared, under the first one's). */
  async liveSession(deadline: Deadline): Promise<LiveSession> {
    while (this.gate) await this.gate;
    const keys = this.keys();
    const version = this.#keys!.version;
    const held = this.#session;
    if (held && held.version === version && held.session.expiresAt - REMINT_BEFORE_MS > this.scope.now())
      return held.session;
    this.#minting ??= mintLiveSession(this.scope, keys, deadline)
      .then((session) => {
        this.mints += 1;
        this.#session = { version, session };
        return session;
      })
      .finally(() => {
        this.#minting = undefined;
      });
    return this.#minting;
  }

  /** Installs a session minted elsewhere (rotation validated it with the staged set). */
  adopt(version: number, session: LiveSession): void {
    this.#session = { version, session };
  }

  drop(): void {
    this.#session = undefined;
  }

  async authorize(request: OutgoingRequest, deadline: Deadline): Promise<void> {
    const session = await this.liveSession(deadline);
    request.headers.authorization = signRequest(request, this.keys(), session.token, this.scope.now());
  }

  rejected(response: UpstreamResponse): boolean {
    if (response.status !== 401) return false;
    this.drop();
    return true;
  }
}
