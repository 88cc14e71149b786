import { encode } from '@msgpack/msgpack';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The simulator's own signature check (it shares no code with the gateway's signer): recompute the connection
 * id and phantom-agent digest of notes §9.1 from the canonical action, then recover the signer. Recovery
 * always yields some address; a wrong payload yields a stranger's, which the caller looks up (notes §9.6).
 */

const text = (value: string) => keccak_256(new TextEncoder().encode(value));

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function be(value: number, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  new DataView(out.buffer).setBigUint64(bytes - 8, BigInt(value));
  return out;
}

const DOMAIN = keccak_256(
  join(
    text('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
    text('Exchange'),
    text('1'),
    be(1337, 32),
    new Uint8Array(32),
  ),
);
const AGENT = text('Agent(string source,bytes32 connectionId)');

export interface SignedEnvelope {
  action: Record<string, unknown>;
  nonce: number;
  vaultAddress: string | null;
  expiresAfter: number | null;
}

export function l1Digest(envelope: SignedEnvelope, source: 'a' | 'b'): Uint8Array {
  const vault = envelope.vaultAddress
    ? join(Uint8Array.of(1), hexToBytes(envelope.vaultAddress.slice(2)))
    : Uint8Array.of(0);
  const expiry =
    envelope.expiresAfter === null ? new Uint8Array(0) : join(Uint8Array.of(0), be(envelope.expiresAfter, 8));
  const connection = keccak_256(join(encode(envelope.action), be(envelope.nonce, 8), vault, expiry));
  const struct = keccak_256(join(AGENT, text(source), connection));
  return keccak_256(join(Uint8Array.of(0x19, 0x01), DOMAIN, struct));
}

/** `r`/`s` may come without leading zeros (the official SDK prints them so). */
const scalar = (value: unknown): Uint8Array | undefined => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) return undefined;
  return hexToBytes(value.slice(2).padStart(64, '0'));
};

/** The recovering address (lowercase), or undefined when the signature is malformed. */
export function recoverSigner(digest: Uint8Array, signature: unknown): string | undefined {
  if (!signature || typeof signature !== 'object') return undefined;
  const { r, s, v } = signature as Record<string, unknown>;
  const rBytes = scalar(r);
  const sBytes = scalar(s);
  if (!rBytes || !sBytes || (v !== 27 && v !== 28)) return undefined;
  try {
    const compact = join(Uint8Array.of(v - 27), rBytes, sBytes);
    // The recovered point straight to its uncompressed bytes: the top-level recoverPublicKey answers it
    // compressed, and decompressing that again costs a square root per order.
    const point = secp256k1.Signature.fromBytes(compact, 'recovered').recoverPublicKey(digest).toBytes(false);
    return `0x${bytesToHex(keccak_256(point.slice(1)).slice(12))}`;
  } catch {
    return undefined;
  }
}

/** The address of a private key, for seeding users and agents. */
export function addressOfKey(privateKey: Uint8Array): string {
  const point = secp256k1.getPublicKey(privateKey, false);
  return `0x${bytesToHex(keccak_256(point.slice(1)).slice(12))}`;
}
