import { Encoder } from '@msgpack/msgpack';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * Hyperliquid L1 action signing (notes §9.1): msgpack(action) ‖ nonce u64 BE ‖ vault marker ‖ optional expiry
 * → keccak256 = connection id → EIP-712 `Agent(string source,bytes32 connectionId)` under the fixed domain
 * Exchange/1/1337/0x0 → secp256k1 (RFC 6979, low-s), v = 27 + recovery. Primitives are @noble and
 * @msgpack/msgpack (docs/decisions.md, "perpdex signing").
 */

export interface L1Signature {
  r: string;
  s: string;
  v: 27 | 28;
}

export interface L1Payload {
  /** The action with its keys in the documented order; absent optional keys omitted, never null. */
  action: Record<string, unknown>;
  nonce: number;
  vaultAddress?: string | null;
  expiresAfter?: number | null;
}

const utf8 = new TextEncoder();
export const keccakText = (text: string) => keccak_256(utf8.encode(text));

const DOMAIN_TYPE_HASH = keccakText(
  'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)',
);
const AGENT_TYPE_HASH = keccakText('Agent(string source,bytes32 connectionId)');
/** keccak256 of the phantom agent's `source`: `a` on mainnet, `b` on testnet. */
const SOURCE_HASH = { mainnet: keccakText('a'), testnet: keccakText('b') };

export function uint256(value: number): Uint8Array {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setBigUint64(24, BigInt(value));
  return bytes;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** keccak256 of the Exchange/1/1337/zero-address domain; the same on both networks. */
export const EXCHANGE_DOMAIN_SEPARATOR = keccak_256(
  concat(DOMAIN_TYPE_HASH, keccakText('Exchange'), keccakText('1'), uint256(1337), new Uint8Array(32)),
);

/** The digest's fixed first 34 bytes: the EIP-191 prefix 0x1901 and the domain separator. */
const DIGEST_PREFIX = concat(Uint8Array.of(0x19, 0x01), EXCHANGE_DOMAIN_SEPARATOR);
const NO_VAULT = Uint8Array.of(0);
const EXPIRY_MARKER = Uint8Array.of(0);

/**
 * One encoder for every action: `encode` builds a new one (and its 2 KiB buffer) per call. Its bytes are
 * hashed before the next call can reuse the buffer (signing is synchronous; a re-entrant call gets a clone).
 */
const msgpack = new Encoder();

function u64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

const strip0x = (hex: string) => (hex.startsWith('0x') ? hex.slice(2) : hex);

/** The connection id: keccak256 over the action's msgpack bytes, nonce, vault marker and expiry. */
export function connectionId({ action, nonce, vaultAddress, expiresAfter }: L1Payload): Uint8Array {
  const hash = keccak_256.create().update(msgpack.encodeSharedRef(action)).update(u64(nonce));
  hash.update(vaultAddress ? concat(Uint8Array.of(1), hexToBytes(strip0x(vaultAddress))) : NO_VAULT);
  if (expiresAfter !== undefined && expiresAfter !== null)
    hash.update(EXPIRY_MARKER).update(u64(expiresAfter));
  return hash.digest();
}

/** The EIP-712 digest of the phantom agent: source `a` on mainnet, `b` on testnet. */
export function agentDigest(connection: Uint8Array, mainnet: boolean): Uint8Array {
  const source = mainnet ? SOURCE_HASH.mainnet : SOURCE_HASH.testnet;
  const structHash = keccak_256.create().update(AGENT_TYPE_HASH).update(source).update(connection).digest();
  return keccak_256.create().update(DIGEST_PREFIX).update(structHash).digest();
}

/** A parsed private key: its bytes (kept out of any printable field) and its lowercase address. */
export class SigningKey {
  readonly address: string;
  readonly #secret: Uint8Array;

  constructor(privateKeyHex: string) {
    this.#secret = hexToBytes(strip0x(privateKeyHex));
    if (!secp256k1.utils.isValidSecretKey(this.#secret)) throw new Error('not a secp256k1 private key');
    const publicKey = secp256k1.getPublicKey(this.#secret, false);
    this.address = `0x${bytesToHex(keccak_256(publicKey.slice(1)).slice(12))}`;
  }

  /** Signs a 32-byte digest as Ethereum does (RFC 6979 nonce, low-s, v 27/28). */
  signDigest(digest: Uint8Array): L1Signature {
    const signature = secp256k1.sign(digest, this.#secret, { prehash: false, format: 'recovered' });
    return {
      r: `0x${bytesToHex(signature.subarray(1, 33))}`,
      s: `0x${bytesToHex(signature.subarray(33, 65))}`,
      v: signature[0] === 1 ? 28 : 27,
    };
  }

  toJSON(): string {
    return `[signing key ${this.address}]`;
  }
}

/** Signs an L1 action for one network. */
export function signL1Action(key: SigningKey, payload: L1Payload, mainnet: boolean): L1Signature {
  return key.signDigest(agentDigest(connectionId(payload), mainnet));
}
