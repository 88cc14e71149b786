import { Encoder } from '@msgpack/msgpack';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
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

/** One encoder for every digest (`encode` builds one and its buffer per call); its bytes are copied at once. */
const msgpack = new Encoder();

export function l1Digest(envelope: SignedEnvelope, source: 'a' | 'b'): Uint8Array {
  const vault = envelope.vaultAddress
    ? join(Uint8Array.of(1), hexToBytes(envelope.vaultAddress.slice(2)))
    : Uint8Array.of(0);
  const expiry =
    envelope.expiresAfter === null ? new Uint8Array(0) : join(Uint8Array.of(0), be(envelope.expiresAfter, 8));
  const connection = keccak_256(
    join(msgpack.encodeSharedRef(envelope.action), be(envelope.nonce, 8), vault, expiry),
  );
  const struct = keccak_256(join(AGENT, text(source), connection));
  return keccak_256(join(Uint8Array.of(0x19, 0x01), DOMAIN, struct));
}

/** `r`/`s` may come without leading zeros (the official SDK prints them so). */
const scalar = (value: unknown): Uint8Array | undefined => {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) return undefined;
  return hexToBytes(value.slice(2).padStart(64, '0'));
};

type Signature = ReturnType<typeof secp256k1.Signature.fromBytes>;
type Point = typeof secp256k1.Point.BASE;
const { BASE, Fn } = secp256k1.Point;

/** The signature as recovery reads it, or undefined when it is malformed (r or s out of range included). */
function parseSignature(signature: unknown): Signature | undefined {
  if (!signature || typeof signature !== 'object') return undefined;
  const { r, s, v } = signature as Record<string, unknown>;
  const rBytes = scalar(r);
  const sBytes = scalar(s);
  if (!rBytes || !sBytes || (v !== 27 && v !== 28)) return undefined;
  try {
    return secp256k1.Signature.fromBytes(join(Uint8Array.of(v - 27), rBytes, sBytes), 'recovered');
  } catch {
    return undefined;
  }
}

const addressOf = (point: Point) => `0x${bytesToHex(keccak_256(point.toBytes(false).slice(1)).slice(12))}`;

/** The recovered public key, or undefined when no point recovers (recovery throws). */
function recoverPoint(signature: Signature, digest: Uint8Array): Point | undefined {
  try {
    return signature.recoverPublicKey(digest);
  } catch {
    return undefined;
  }
}

/**
 * Whether recovering `signature` over `digest` yields `key`, without recovering: R = (h/s)·G + (r/s)·key is
 * the point recovery would rebuild from r and the recovery id (s·R = h·G + r·key), so the check is that R's x
 * is r (mod n) and its parity and overflow bits are the id. With `key`'s multiples precomputed this costs a
 * third of a recovery, whose `(r/s)·R` multiplies a point never seen before.
 */
function recoversTo(signature: Signature, digest: Uint8Array, key: Point): boolean {
  const { r, s, recovery } = signature;
  const inverse = Fn.inv(s);
  const h = Fn.create(bytesToNumberBE(digest));
  const point = BASE.multiplyUnsafe(Fn.mul(h, inverse)).add(key.multiplyUnsafe(Fn.mul(r, inverse)));
  if (point.is0()) return false;
  const { x, y } = point.toAffine();
  return Fn.create(x) === r && ((x === r ? 0 : 2) | Number(y & 1n)) === recovery;
}

/** The recovering address (lowercase), or undefined when the signature is malformed. */
export function recoverSigner(digest: Uint8Array, signature: unknown): string | undefined {
  const parsed = parseSignature(signature);
  const point = parsed && recoverPoint(parsed, digest);
  return point && addressOf(point);
}

/** Signers' keys kept at most: each holds about half a megabyte of precomputed multiples. */
const KEPT_SIGNERS = 16;

/**
 * recoverSigner with a memory: the keys of signers the venue knows (users and approved agents) are kept once
 * recovered, with their multiples precomputed, and a signature is checked against them first (recoversTo).
 * The answer is the same address recovery gives, for every signature; a key not kept is recovered in full.
 * An instance sees one or two signers, and recovery was most of the CPU of an order (docs/decisions.md).
 */
export class SignerRecovery {
  readonly #keys = new Map<string, Point>();

  constructor(private readonly known: (address: string) => boolean) {}

  signer(digest: Uint8Array, signature: unknown): string | undefined {
    const parsed = parseSignature(signature);
    if (!parsed) return undefined;
    for (const [address, key] of this.#keys) if (recoversTo(parsed, digest, key)) return address;
    const point = recoverPoint(parsed, digest);
    if (!point) return undefined;
    const address = addressOf(point);
    if (this.#keys.size < KEPT_SIGNERS && this.known(address)) this.#keys.set(address, point.precompute(8));
    return address;
  }
}

/** The address of a private key, for seeding users and agents. */
export function addressOfKey(privateKey: Uint8Array): string {
  const point = secp256k1.getPublicKey(privateKey, false);
  return `0x${bytesToHex(keccak_256(point.slice(1)).slice(12))}`;
}
