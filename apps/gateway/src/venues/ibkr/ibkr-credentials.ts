import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CredentialSpec } from '../../upstream/credentials.js';

/**
 * One environment's IBKR credential set (notes broker-ibkr.md §2.3): `credentials.json` beside the PEM files.
 * The variable (`BROKER_TEST_CREDENTIALS_FILE`) names `credentials.json`; the keys and `dhparam.pem` are read
 * from its folder, so a rotation swaps one folder.
 */
export const IBKR_FIELDS = [
  'consumer_key',
  'access_token',
  'access_token_secret',
  'realm',
  'dh_prime',
  'private_signature_key',
  'private_encryption_key',
] as const;

/** The prime of a PKCS#3 `DH PARAMETERS` PEM: SEQUENCE { INTEGER p, INTEGER g }, as lower-case hex. */
export function dhPrimeFromPem(pem: string): string {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  let at = 0;
  const length = (): number => {
    const first = der[at++]!;
    if (first < 0x80) return first;
    let value = 0;
    for (let i = 0; i < (first & 0x7f); i++) value = value * 256 + der[at++]!;
    return value;
  };
  if (der[at++] !== 0x30) throw new Error('dhparam: not a DER sequence');
  length();
  if (der[at++] !== 0x02) throw new Error('dhparam: no prime');
  const size = length();
  return BigInt(`0x${der.subarray(at, at + size).toString('hex')}`).toString(16);
}

export function loadIbkrCredentials(path: string): Record<string, string> {
  const folder = dirname(path);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  const read = (name: string) => readFileSync(join(folder, name), 'utf8');
  return {
    realm: 'limited_poa',
    ...json,
    dh_prime: json.dh_prime ?? dhPrimeFromPem(read('dhparam.pem')),
    private_signature_key: read('private_signature.pem'),
    private_encryption_key: read('private_encryption.pem'),
  };
}

export const ibkrCredentials: CredentialSpec = { fields: IBKR_FIELDS, load: loadIbkrCredentials };
