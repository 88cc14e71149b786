import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../simulator.js';
import type { ConsumerRegistry } from './ibkr-consumers.js';
import { ibkrError } from './ibkr-errors.js';
import {
  NonceWindow,
  parseOAuthHeader,
  serverBaseString,
  serverHandshake,
  verifyHmac,
  verifyRsa,
} from './ibkr-oauth-verify.js';

export const API_PREFIX = '/v1/api';
const LST_PATH = `${API_PREFIX}/oauth/live_session_token`;
const LST_LIFETIME_MS = 24 * 3_600_000;

/** The URL as the client signed it: scheme, Host header and path, without the query. */
const signedUrl = (request: FastifyRequest) => `http://${request.headers.host}${request.url.split('?')[0]}`;

/**
 * Every request under `/v1/api` is verified before its route runs (notes §3.9): the LST request by RSA-SHA256
 * with the registered public signature key and the stored secret as prepend; every other by HMAC-SHA256 with
 * the consumer's current, unexpired LST, over the primary base string or (accepted too) the variant with the
 * query pairs in the list. Failures answer 401 in IBKR's shape; counts per reason are in `rejections`.
 */
export function registerOAuth(
  app: FastifyInstance,
  context: SimContext,
  consumers: ConsumerRegistry,
  rejections: Map<string, number>,
) {
  const nonces = new NonceWindow();
  const refuse = (reason: string, id: number) => {
    rejections.set(reason, (rejections.get(reason) ?? 0) + 1);
    return { id, reason };
  };

  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith(API_PREFIX)) return;
    const params = parseOAuthHeader(request.headers.authorization);
    const consumer = consumers.find(params?.get('oauth_consumer_key'), params?.get('oauth_token'));
    const fail = (() => {
      if (!params || !consumer) return refuse('invalid consumer', 39687);
      const realm = consumer.consumerKey === 'TESTCONS' ? 'test_realm' : 'limited_poa';
      if (params.get('realm') !== realm) return refuse('invalid realm', 39688);
      const stale = nonces.check(
        consumer.consumerKey,
        params.get('oauth_nonce'),
        params.get('oauth_timestamp'),
        context.now(),
      );
      if (stale) return refuse(stale, 39689);
      const signature = params.get('oauth_signature') ?? '';
      if (path === LST_PATH) {
        if (params.get('oauth_signature_method') !== 'RSA-SHA256')
          return refuse('wrong signature method', 39690);
        const base = serverBaseString(
          'POST',
          signedUrl(request),
          params,
          {},
          consumer.secret.toString('hex'),
        );
        return verifyRsa(base, signature, consumer.publicSignatureKey)
          ? undefined
          : refuse('invalid signature', 39691);
      }
      if (params.get('oauth_signature_method') !== 'HMAC-SHA256')
        return refuse('wrong signature method', 39690);
      const lst = consumer.lst;
      if (!lst || lst.expiresAt <= context.now()) return refuse('live session token expired', 118871);
      const url = signedUrl(request);
      const query = Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
      const ok =
        verifyHmac(serverBaseString(request.method, url, params), signature, lst.token) ||
        verifyHmac(serverBaseString(request.method, url, params, query), signature, lst.token);
      return ok ? undefined : refuse('invalid signature', 39692);
    })();
    if (fail) return ibkrError(reply, 401, `id: ${fail.id}, error: ${fail.reason}`);
  });

  app.post(LST_PATH, async (request) => {
    const params = parseOAuthHeader(request.headers.authorization)!;
    const consumer = consumers.find(params.get('oauth_consumer_key'), params.get('oauth_token'))!;
    const handshake = serverHandshake(
      params.get('diffie_hellman_challenge') ?? '0',
      consumer.primeHex,
      consumer.secret,
      consumer.consumerKey,
    );
    const expiresAt = context.now() + LST_LIFETIME_MS;
    // A new token replaces the old one (notes §3.9 step 7).
    consumer.lst = { token: handshake.lst, expiresAt };
    return {
      diffie_hellman_response: handshake.response,
      live_session_token_signature: handshake.signature,
      live_session_token_expiration: expiresAt,
    };
  });
}
