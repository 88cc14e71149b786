import { constants, createPrivateKey, createPublicKey, type JsonWebKey, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authorizationHeader, baseString, percentEncode } from '../../src/venues/ibkr/oauth-base-string.js';
import {
  decryptAccessTokenSecret,
  dhChallenge,
  fromHex,
  hmacSignature,
  liveSessionToken,
  lstSignature,
  modPow,
  rsaSignature,
  signedBytes,
} from '../../src/venues/ibkr/oauth-live-session-token.js';

/** Every vector of broker-oauth-vectors.json (copied from the upstream notes into fixtures/). */
// biome-ignore lint/suspicious/noExplicitAny: the vectors file is read as plain JSON
type Row = Record<string, any>;
const rows = (value: unknown) => value as Row[];
const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/ibkr-oauth-vectors.json', import.meta.url), 'utf8'),
);
const ibind = vectors.ibind_unit_test_vectors;
const dotnet = vectors.ibkrdotnet_fixture_vectors;
const e2e = vectors.generated_end_to_end;
const jwk = (key: JsonWebKey) => createPrivateKey({ key, format: 'jwk' });

describe('IBKR OAuth vectors: ibind unit tests', () => {
  it.each(rows(ibind.to_byte_array))('K bytes of $int (sign-bit rule)', ({ int, bytes }) => {
    expect([...signedBytes(BigInt(int))]).toEqual(bytes);
  });

  it.each(rows(ibind.dh_challenge))('challenge g^a mod p = $challenge_hex', (v) => {
    expect(dhChallenge(fromHex(v.random_hex), fromHex(v.prime_hex), BigInt(v.generator))).toBe(
      v.challenge_hex,
    );
  });

  it.each(rows(ibind.access_token_secret_hex_to_bytes))('prepend hex $hex to bytes', ({ hex, bytes }) => {
    expect([...Buffer.from(hex, 'hex')]).toEqual(bytes);
  });

  it('tiny live session token: K and the LST', () => {
    const v = ibind.tiny_live_session_token;
    const K = modPow(fromHex(v.dh_response_hex), fromHex(v.dh_random_hex), fromHex(v.prime_hex));
    expect(Number(K)).toBe(v.K_int);
    expect(signedBytes(K).toString('hex')).toBe(v.K_bytes_hex);
    const lst = liveSessionToken({
      responseHex: v.dh_response_hex,
      random: fromHex(v.dh_random_hex),
      prime: fromHex(v.prime_hex),
      prepend: Buffer.from(v.prepend_hex, 'hex'),
    });
    expect(lst).toBe(v.live_session_token);
  });

  it('LST validation signature', () => {
    const v = ibind.validate_live_session_token;
    expect(lstSignature(v.live_session_token, v.consumer_key)).toBe(v.expected_signature_hex);
  });

  it('Authorization header: realm first, parameters sorted', () => {
    const v = ibind.authorization_header_ordering;
    const header = authorizationHeader(v.realm, v.params);
    expect(header.startsWith(v.expected_prefix)).toBe(true);
    expect(header).toContain(v.expected_substring);
  });
});

describe('IBKR OAuth vectors: ibkrdotnet fixtures', () => {
  it.each(rows(dotnet.diffie_hellman))('DH $name: challenge, K bit length, LST and its signature', (v) => {
    const prime = fromHex(v.prime_hex);
    expect(dhChallenge(fromHex(v.client_private_hex), prime, BigInt(v.generator))).toBe(
      v.client_challenge_hex,
    );
    const K = modPow(fromHex(v.server_response_hex), fromHex(v.client_private_hex), prime);
    expect(K.toString(2).length).toBe(v.shared_secret_bit_length);
    const lst = liveSessionToken({
      responseHex: v.server_response_hex,
      random: fromHex(v.client_private_hex),
      prime,
      prepend: Buffer.from(v.prepend_hex, 'hex'),
    });
    expect(lst).toBe(v.live_session_token);
    expect(lstSignature(lst, v.consumer_key)).toBe(v.live_session_token_signature);
  });

  it('base string of a protected request', () => {
    const v = dotnet.base_string;
    expect(baseString(v.method, v.url, v.params)).toBe(v.expected);
  });

  it.each(Object.entries(dotnet.percent_encoding))('percent-encodes %s', (input, output) => {
    expect(percentEncode(input)).toBe(output);
  });
});

describe('IBKR OAuth vectors: generated end to end', () => {
  const request = e2e.live_session_token_request;
  const credentials = e2e.credentials;

  it('decrypts the access token secret with the padding removed by hand', () => {
    const prepend = decryptAccessTokenSecret(
      credentials.access_token_secret_b64,
      jwk(credentials.private_encryption_key_jwk),
    );
    expect(prepend.toString('hex')).toBe(credentials.access_token_secret_plaintext_hex);
    expect(request.prepend_hex).toBe(credentials.access_token_secret_plaintext_hex);
  });

  it('round-trips a fresh PKCS#1 v1.5 secret (the simulator issues such)', () => {
    const secret = Buffer.from('00112233445566778899aabbccddeeff00112233', 'hex');
    const encrypted = publicEncrypt(
      {
        key: createPublicKey({ key: credentials.public_encryption_key_jwk, format: 'jwk' }),
        padding: constants.RSA_PKCS1_PADDING,
      },
      secret,
    );
    const decrypted = decryptAccessTokenSecret(
      encrypted.toString('base64'),
      jwk(credentials.private_encryption_key_jwk),
    );
    expect(decrypted.equals(secret)).toBe(true);
  });

  it('LST request: challenge, base string, RSA-SHA256 signature and header', () => {
    const prime = fromHex(e2e.dh.prime_hex);
    expect(dhChallenge(fromHex(request.dh_random_hex), prime)).toBe(request.diffie_hellman_challenge);
    const base = baseString(request.method, request.url, request.oauth_params, request.prepend_hex);
    expect(base).toBe(request.base_string);
    const signature = rsaSignature(base, jwk(credentials.private_signature_key_jwk));
    expect(signature).toBe(request.rsa_signature_base64);
    expect(percentEncode(signature)).toBe(request.oauth_signature_header_value);
    const header = authorizationHeader(credentials.realm, {
      ...request.oauth_params,
      oauth_signature: percentEncode(signature),
    });
    expect(header).toBe(request.authorization);
  });

  it('LST from the response: K, the signed K bytes, the token and its validation', () => {
    const body = e2e.live_session_token_response.body;
    const prime = fromHex(e2e.dh.prime_hex);
    // The server side of the exchange: B = g^b mod p.
    expect(dhChallenge(fromHex(e2e.live_session_token_response.server_private_hex), prime)).toBe(
      body.diffie_hellman_response,
    );
    const K = modPow(fromHex(body.diffie_hellman_response), fromHex(request.dh_random_hex), prime);
    expect(K.toString(16)).toBe(e2e.derived.shared_secret_K_hex);
    expect(K.toString(2).length).toBe(e2e.derived.K_bit_length);
    expect(signedBytes(K).toString('hex')).toBe(e2e.derived.K_bytes_hex_used_as_hmac_key);
    const lst = liveSessionToken({
      responseHex: body.diffie_hellman_response,
      random: fromHex(request.dh_random_hex),
      prime,
      prepend: Buffer.from(request.prepend_hex, 'hex'),
    });
    expect(lst).toBe(e2e.derived.live_session_token);
    expect(lstSignature(lst, credentials.consumer_key)).toBe(body.live_session_token_signature);
    expect(lstSignature(lst, credentials.consumer_key)).toBe(
      e2e.derived.validation_hmac_sha1_hex_of_consumer_key,
    );
  });

  it.each(rows(e2e.protected_requests))(
    'protected request "$name": base string, HMAC-SHA256, header',
    (v) => {
      const base = baseString(v.method, v.url_without_query, v.oauth_params);
      expect(base).toBe(v.base_string);
      const signature = hmacSignature(base, e2e.derived.live_session_token);
      expect(signature).toBe(v.signature_base64);
      expect(percentEncode(signature)).toBe(v.signature_header_value);
      expect(
        authorizationHeader(credentials.realm, {
          ...v.oauth_params,
          oauth_signature: percentEncode(signature),
        }),
      ).toBe(v.authorization);
      const variant = v.variant_query_in_base_string;
      if (variant) {
        const merged = baseString(v.method, v.url_without_query, { ...v.oauth_params, ...v.query });
        expect(merged).toBe(variant.base_string);
        if (variant.signature_base64)
          expect(hmacSignature(merged, e2e.derived.live_session_token)).toBe(variant.signature_base64);
      }
    },
  );
});
