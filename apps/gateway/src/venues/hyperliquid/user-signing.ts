import { keccak_256 } from '@noble/hashes/sha3.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { concat, keccakText, type L1Signature, type SigningKey, uint256 } from './l1-signing.js';

/**
 * User-signed actions (notes §9.4: transfers, withdrawals, `approveAgent`): plain EIP-712 typed data under the
 * domain HyperliquidSignTransaction/1/<signatureChainId>/zero address, primary type
 * `HyperliquidTransaction:<Name>`. The trading tools never send one; it is here so every vector of the notes is
 * reproduced and an agent approval could be signed by the same code.
 */

export interface TypedField {
  name: string;
  type: 'string' | 'uint64' | 'address' | 'bool';
}

const DOMAIN_TYPE = keccakText(
  'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)',
);

function encodeField(field: TypedField, value: unknown): Uint8Array {
  switch (field.type) {
    case 'string':
      return keccakText(String(value));
    case 'uint64':
      return uint256(Number(value));
    case 'bool':
      return uint256(value ? 1 : 0);
    case 'address': {
      const out = new Uint8Array(32);
      out.set(hexToBytes(String(value).slice(2)), 12);
      return out;
    }
  }
}

export function userSignedDigest(
  chainId: number,
  primaryType: string,
  fields: readonly TypedField[],
  message: Record<string, unknown>,
): Uint8Array {
  const domain = keccak_256(
    concat(
      DOMAIN_TYPE,
      keccakText('HyperliquidSignTransaction'),
      keccakText('1'),
      uint256(chainId),
      new Uint8Array(32),
    ),
  );
  const typeString = `${primaryType}(${fields.map((field) => `${field.type} ${field.name}`).join(',')})`;
  const struct = keccak_256(
    concat(keccakText(typeString), ...fields.map((field) => encodeField(field, message[field.name]))),
  );
  return keccak_256(concat(Uint8Array.of(0x19, 0x01), domain, struct));
}

export const signUserAction = (
  key: SigningKey,
  chainId: number,
  primaryType: string,
  fields: readonly TypedField[],
  message: Record<string, unknown>,
): L1Signature => key.signDigest(userSignedDigest(chainId, primaryType, fields, message));
