import { createHmac, createPublicKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  NonceWindow,
  parseOAuthHeader,
  quotePlus,
  serverBaseString,
  verifyHmac,
  verifyRsa,
} from '../src/ibkr/ibkr-oauth-verify.js';

/** The simulator's own OAuth verification against the notes' vectors (the gateway's signer is not used here). */
const vectors = JSON.parse(
  readFileSync(
    new URL('../../../apps/gateway/test/fixtures/ibkr-oauth-vectors.json', import.meta.url),
    'utf8',
  ),
);
const e2e = vectors.generated_end_to_end;
const lst = e2e.derived.live_session_token as string;
// biome-ignore lint/suspicious/noExplicitAny: the vectors file is read as plain JSON
type Row = Record<string, any>;

describe('IBKR simulator: request verification', () => {
  it.each(Object.entries(vectors.ibkrdotnet_fixture_vectors.percent_encoding as Record<string, string>))(
    'quote_plus %s',
    (input, output) => {
      expect(quotePlus(input)).toBe(output);
    },
  );

  it('verifies the LST request of the vectors (RSA-SHA256 over the prepended base string)', () => {
    const request = e2e.live_session_token_request;
    const params = parseOAuthHeader(request.authorization)!;
    expect(params.get('realm')).toBe('test_realm');
    const base = serverBaseString(
      'POST',
      request.url,
      params,
      {},
      e2e.credentials.access_token_secret_plaintext_hex,
    );
    expect(base).toBe(request.base_string);
    const key = createPublicKey({
      key: e2e.credentials.public_signature_key_jwk as JsonWebKey,
      format: 'jwk',
    });
    expect(verifyRsa(base, params.get('oauth_signature')!, key)).toBe(true);
    expect(verifyRsa(`${base}x`, params.get('oauth_signature')!, key)).toBe(false);
  });

  it.each((e2e.protected_requests as Row[]).map((v) => [v.name, v]))(
    'verifies the protected request "%s" (HMAC-SHA256 with the LST), and its query variant',
    (_name, v) => {
      const params = parseOAuthHeader(v.authorization)!;
      const base = serverBaseString(v.method, v.url_without_query, params);
      expect(base).toBe(v.base_string);
      expect(verifyHmac(base, params.get('oauth_signature')!, lst)).toBe(true);
      expect(verifyHmac(base, params.get('oauth_signature')!, createHmac('sha1', 'x').digest('base64'))).toBe(
        false,
      );
      if (v.variant_query_in_base_string)
        expect(serverBaseString(v.method, v.url_without_query, params, v.query)).toBe(
          v.variant_query_in_base_string.base_string,
        );
    },
  );

  it('refuses a replayed nonce and a timestamp outside the window', () => {
    const window = new NonceWindow(300);
    const now = 1_735_732_800_000;
    expect(window.check('C', 'n1', '1735732800', now)).toBeUndefined();
    expect(window.check('C', 'n1', '1735732800', now)).toBe('nonce replayed');
    expect(window.check('C', 'n2', '1735732000', now)).toBe('timestamp out of window');
    expect(window.check('C', 'n3', '1735732800000', now)).toBe('invalid timestamp or nonce');
  });
});
