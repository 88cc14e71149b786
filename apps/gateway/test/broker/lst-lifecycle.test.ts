import {
  constants,
  type createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  getDiffieHellman,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CredentialSet } from '../../src/upstream/credentials.js';
import type { UpstreamHttp, UpstreamRequest } from '../../src/upstream/upstream-types.js';
import { IbkrAuthorizer } from '../../src/venues/ibkr/ibkr-authorizer.js';
import {
  dhChallenge,
  fromHex,
  liveSessionToken,
  lstSignature,
} from '../../src/venues/ibkr/oauth-live-session-token.js';

const prime = getDiffieHellman('modp14').getPrime('hex').replace(/^0+/, '');

/** A credential set and a fake LST endpoint that runs the server's half of the exchange. */
function harness(expirationOffsetMs: number) {
  const sig = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const enc = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secret = randomBytes(20);
  const pem = (key: ReturnType<typeof createPrivateKey>) =>
    key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const set = new CredentialSet(
    {
      consumer_key: 'ABCDEFGHI',
      access_token: 'a1b2c3d4e5f60718293a',
      access_token_secret: publicEncrypt(
        { key: createPublicKey(enc.privateKey), padding: constants.RSA_PKCS1_PADDING },
        secret,
      ).toString('base64'),
      realm: 'limited_poa',
      dh_prime: prime,
      private_signature_key: pem(sig.privateKey),
      private_encryption_key: pem(enc.privateKey),
    },
    1,
  );
  let now = 1_735_732_800_000;
  let mints = 0;
  const http = {
    name: 'broker',
    host: 'api',
    environment: 'test',
    baseUrl: 'https://api.ibkr.com/v1/api',
    request: async (request: UpstreamRequest) => {
      mints += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const challenge = /diffie_hellman_challenge="([0-9a-f]+)"/.exec(
        String(request.headers?.authorization),
      )![1]!;
      const b = fromHex(randomBytes(32).toString('hex'));
      // The server's K = A^b: the client's B^a is the same number.
      const token = liveSessionToken({
        responseHex: challenge,
        random: b,
        prime: fromHex(prime),
        prepend: secret,
      });
      return {
        status: 200,
        headers: {},
        receivedAt: now,
        body: {
          diffie_hellman_response: dhChallenge(b, fromHex(prime)),
          live_session_token_signature: lstSignature(token, 'ABCDEFGHI'),
          live_session_token_expiration: now + expirationOffsetMs,
        },
      };
    },
  } as unknown as UpstreamHttp;
  const authorizer = new IbkrAuthorizer({
    environment: 'test',
    credentials: { current: () => set, require: () => set },
    http: () => http,
    now: () => now,
  });
  return { authorizer, mints: () => mints, advance: (ms: number) => (now += ms) };
}

const outgoing = () => ({
  method: 'GET',
  origin: 'https://api.ibkr.com',
  path: '/v1/api/portfolio/accounts',
  query: [],
  headers: {} as Record<string, string>,
  body: undefined,
});

describe('the live session token over its life', () => {
  it('one mint in flight for concurrent signers; validated; reused until an hour before expiry', async () => {
    const { authorizer, mints, advance } = harness(24 * 3_600_000);
    await Promise.all(Array.from({ length: 10 }, () => authorizer.authorize(outgoing(), undefined)));
    expect(mints()).toBe(1);
    advance(22 * 3_600_000);
    await authorizer.authorize(outgoing(), undefined);
    expect(mints()).toBe(1);
    advance(90 * 60_000);
    await authorizer.authorize(outgoing(), undefined);
    expect(mints()).toBe(2);
  });

  it('reads an expiration in the past as the time of computation (+24 h)', async () => {
    const { authorizer, mints, advance } = harness(0);
    await authorizer.authorize(outgoing(), undefined);
    advance(20 * 3_600_000);
    await authorizer.authorize(outgoing(), undefined);
    expect(mints()).toBe(1);
  });

  it('a 401 drops the token and the next signature mints a new one', async () => {
    const { authorizer, mints } = harness(24 * 3_600_000);
    await authorizer.authorize(outgoing(), undefined);
    expect(authorizer.rejected({ status: 401, headers: {}, body: {}, receivedAt: 0 })).toBe(true);
    expect(authorizer.rejected({ status: 400, headers: {}, body: {}, receivedAt: 0 })).toBe(false);
    await authorizer.authorize(outgoing(), undefined);
    expect(mints()).toBe(2);
  });
});
