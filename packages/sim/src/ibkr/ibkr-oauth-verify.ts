import { createHmac, createVerify, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The simulator's own side of IBKR's first-party OAuth 1.0a (notes broker-ibkr.md §3.9), written apart from
 * the gateway's signer on purpose: a shared bug would verify itself. Parses the Authorization header,
 * rebuilds the base string, checks RSA-SHA256 (LST request) or HMAC-SHA256 (every other request), the
 * timestamp window and nonce replay, and runs the server half of the Diffie-Hellman exchange.
 */

const UNRESERVED = /[A-Za-z0-9_.\-~]/;

/** Python quote_plus over the UTF-8 bytes, byte by byte (not via encodeURIComponent). */
export function quotePlus(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (byte < 0x80 && UNRESERVED.test(char)) out += char;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  if (!header?.startsWith('OAuth ')) return undefined;
  const params = new Map<string, string>();
  for (const item of header.slice(6).split(', ')) {
    const match = /^([A-Za-z_]+)="([^"]*)"$/.exec(item);
    if (!match) return undefined;
    params.set(match[1]!, match[2]!);
  }
  return params;
}

/** The base string from the header's parameters (without realm and signature), optionally with query pairs. */
export function serverBaseString(
  method: string,
  url: string,
  params: Map<string, string>,
  extra: Record<string, string> = {},
  prepend = '',
): string {
  const all: [string, string][] = [...params].filter(
    ([name]) => name !== 'realm' && name !== 'oauth_signature',
  );
  all.push(...Object.entries(extra));
  all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const list = all.map(([name, value]) => `${name}=${value}`).join('&');
  return `${prepend}${method}&${quotePlus(url)}&${quotePlus(list)}`;
}

const percentDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));

export function verifyRsa(base: string, signatureHeaderValue: string, publicKey: KeyObject): boolean {
  const signature = Buffer.from(percentDecode(signatureHeaderValue), 'base64');
  return createVerify('RSA-SHA256').update(base, 'utf8').verify(publicKey, signature);
}

export function verifyHmac(base: string, signatureHeaderValue: string, lst: string): boolean {
  const expected = createHmac('sha256', Buffer.from(lst, 'base64')).update(base, 'utf8').digest();
  const given = Buffer.from(percentDecode(signatureHeaderValue), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function powMod(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let factor = base % mod;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * factor) % mod;
    factor = (factor * factor) % mod;
  }
  return result;
}

/** Java BigInteger.toByteArray of a positive number (the sign byte of §0.1). */
function javaBytes(value: bigint): Buffer {
  const hex = value.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  return bytes[0]! & 0x80 ? Buffer.concat([Buffer.alloc(1), bytes]) : bytes;
}

/** The server half: B = 2^b mod p, K = A^b mod p, LST = HMAC-SHA1(K bytes, secret), its signature. */
export function serverHandshake(challengeHex: string, primeHex: string, secret: Buffer, consumerKey: string) {
  const prime = BigInt(`0x${primeHex}`);
  const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
  const shared = powMod(BigInt(`0x${challengeHex}`), b, prime);
  const lst = createHmac('sha1', javaBytes(shared)).update(secret).digest('base64');
  return {
    response: powMod(2n, b, prime).toString(16),
    lst,
    signature: createHmac('sha1', Buffer.from(lst, 'base64')).update(consumerKey).digest('hex'),
  };
}

/** Nonces seen within the timestamp window, per consumer: a replay inside the window is refused. */
export class NonceWindow {
  readonly #seen = new Map<string, number>();

  constructor(readonly windowSeconds = 300) {}

  /** Undefined when fresh; else why the request is refused. */
  check(consumer: string, nonce: string | undefined, timestamp: string | undefined, nowMs: number) {
    if (!nonce || !timestamp || !/^\d{10}$/.test(timestamp)) return 'invalid timestamp or nonce';
    const now = Math.floor(nowMs / 1000);
    if (Math.abs(now - Number(timestamp)) > this.windowSeconds) return 'timestamp out of window';
    for (const [key, at] of this.#seen) if (at < now - this.windowSeconds) this.#seen.delete(key);
    const key = `${consumer}:${nonce}`;
    if (this.#seen.has(key)) return 'nonce replayed';
    this.#seen.set(key, now);
    return undefined;
  }
}
