import { constants, createHmac, createSign, type KeyObject, privateDecrypt } from 'node:crypto';

/**
 * The live session token (LST) of the IBKR first-party OAuth flow (notes broker-ibkr.md §3.5): Diffie-Hellman
 * over the credential set's prime, the decrypted access-token secret, HMAC-SHA1 derivation and validation.
 */

/** Square-and-multiply modular exponentiation on bigint. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const fromHex = (hex: string): bigint => BigInt(`0x${hex}`);

/** A = g^a mod p as lower-case hex without leading zeros. */
export const dhChallenge = (random: bigint, prime: bigint, generator = 2n): string =>
  modPow(generator, random, prime).toString(16);

/**
 * K as Java's `BigInteger.toByteArray()`: minimal big-endian bytes, with one 0x00 in front when the top bit
 * of the first byte is set (§0.1): without it about half of all handshakes fail validation.
 */
export function signedBytes(value: bigint): Buffer {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  const bytes = Buffer.from(hex, 'hex');
  return bytes[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes;
}

/** K = B^a mod p, then LST = base64(HMAC-SHA1(K bytes, prepend bytes)). */
export function liveSessionToken(options: {
  responseHex: string;
  random: bigint;
  prime: bigint;
  prepend: Buffer;
}): string {
  const shared = modPow(fromHex(options.responseHex.toLowerCase()), options.random, options.prime);
  return createHmac('sha1', signedBytes(shared)).update(options.prepend).digest('base64');
}

/** lower-case hex(HMAC-SHA1(base64-decoded LST, consumer key)): what `live_session_token_signature` must be. */
export const lstSignature = (lst: string, consumerKey: string): string =>
  createHmac('sha1', Buffer.from(lst, 'base64')).update(consumerKey, 'utf8').digest('hex');

/**
 * The access-token secret's plaintext. Node 20 refuses RSA_PKCS1_PADDING decryption (CVE-2023-46809), so the
 * block is decrypted raw and the PKCS#1 v1.5 type-2 padding is removed here (§0.2).
 */
export function decryptAccessTokenSecret(secretBase64: string, encryptionKey: KeyObject): Buffer {
  const block = privateDecrypt(
    { key: encryptionKey, padding: constants.RSA_NO_PADDING },
    Buffer.from(secretBase64, 'base64'),
  );
  if (block[0] !== 0x00 || block[1] !== 0x02) throw new Error('access token secret: not a PKCS#1 v1.5 block');
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) throw new Error('access token secret: padding too short');
  return block.subarray(separator + 1);
}

/** RSA-SHA256 (PKCS#1 v1.5) of the base string, base64: the LST request's signature. */
export const rsaSignature = (base: string, signatureKey: KeyObject): string =>
  createSign('RSA-SHA256').update(base, 'utf8').sign(signatureKey, 'base64');

/** base64(HMAC-SHA256(LST bytes, base string)): every request after the LST request. */
export const hmacSignature = (base: string, lst: string): string =>
  createHmac('sha256', Buffer.from(lst, 'base64')).update(base, 'utf8').digest('base64');

/**
 * `live_session_token_expiration` is read two ways in the wild (§3.5 step 6): more than an hour ahead it is
 * the expiry, otherwise the time of computation and the token lives 24 h from it.
 */
export function lstExpiry(expiration: number, now: number): number {
  return expiration > now + 3_600_000 ? expiration : expiration + 86_400_000;
}
