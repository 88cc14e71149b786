/**
 * The OAuth 1.0a text rules of the IBKR Web API (notes broker-ibkr.md §3.2–3.4): percent-encoding, the
 * signature base string and the Authorization header. Pure functions, checked against the vectors.
 */

/** Python `quote_plus`: unreserved `A-Z a-z 0-9 _ . - ~` kept, space to `+`, every other byte `%XX`. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * `METHOD & enc(url) & enc(sorted k=v joined by &)`: values raw in the list, the whole list encoded once
 * (§0.3). `prepend` (the decrypted secret as hex) goes in front for the LST request only.
 */
export function baseString(
  method: string,
  url: string,
  params: Record<string, string>,
  prepend = '',
): string {
  const joined = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return `${prepend}${method.toUpperCase()}&${percentEncode(url)}&${percentEncode(joined)}`;
}

/**
 * `OAuth realm="…", k="v", …`: realm first, the other parameters sorted by name, `oauth_signature` already
 * percent-encoded by the caller, the rest raw.
 */
export function authorizationHeader(realm: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .sort()
    .map((name) => `${name}="${params[name]}"`);
  return `OAuth realm="${realm}", ${pairs.join(', ')}`;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters of `[A-Za-z0-9]` as ibind sends (§3.3); `random` gives bytes. */
export function nonceFrom(random: Uint8Array): string {
  let nonce = '';
  for (let i = 0; i < 16; i++) nonce += NONCE_ALPHABET[random[i]! % NONCE_ALPHABET.length];
  return nonce;
}
