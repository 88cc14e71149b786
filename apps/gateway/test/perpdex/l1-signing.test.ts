import { readFileSync } from 'node:fs';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  agentDigest,
  connectionId,
  EXCHANGE_DOMAIN_SEPARATOR,
  SigningKey,
  signL1Action,
} from '../../src/venues/hyperliquid/l1-signing.js';
import { signUserAction, type TypedField } from '../../src/venues/hyperliquid/user-signing.js';

interface UserVector {
  id: string;
  kind: 'user_signed_action';
  private_key: string;
  domain: { chainId: number };
  primary_type: string;
  types: Record<string, TypedField[]>;
  message: Record<string, unknown>;
  expected: { signature: { r: string; s: string; v: number } };
}

interface Vector {
  id: string;
  kind: string;
  private_key: string | null;
  action: Record<string, unknown>;
  nonce: number;
  vault_address: string | null;
  expires_after: number | null;
  is_mainnet: boolean | null;
  expected: { connection_id?: string; signature?: { r: string; s: string; v: number } };
  derived?: { signer_address?: string; connection_id?: string };
}

const file = JSON.parse(
  readFileSync(new URL('../fixtures/perpdex-signing-vectors.json', import.meta.url), 'utf8'),
) as { vectors: Vector[] };
const l1 = file.vectors.filter((vector) => vector.kind === 'l1_action');
const userSigned = (file as unknown as { vectors: UserVector[] }).vectors.filter(
  (vector) => vector.kind === 'user_signed_action',
);
const hex = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}`;

describe('Hyperliquid L1 signing (notes §9, perpdex-signing-vectors.json)', () => {
  it('has the documented domain separator', () => {
    expect(hex(EXCHANGE_DOMAIN_SEPARATOR)).toBe(
      '0xd79297fcdf2ffcd4ae223d01edaa2ba214ff8f401d7c9300d995d17c82aa4040',
    );
  });

  it('covers every L1 vector of the file', () => {
    expect(l1.length).toBe(17);
  });

  it.each(l1.map((vector) => [vector.id, vector] as const))('%s: byte for byte', (_id, vector) => {
    const payload = {
      action: vector.action,
      nonce: vector.nonce,
      vaultAddress: vector.vault_address,
      expiresAfter: vector.expires_after,
    };
    const id = connectionId(payload);
    const expectedId = vector.expected.connection_id ?? vector.derived?.connection_id;
    if (expectedId) expect(hex(id)).toBe(expectedId);
    if (!vector.private_key || !vector.expected.signature) return;
    const key = new SigningKey(vector.private_key);
    expect(key.address).toBe(vector.derived?.signer_address);
    const mainnet = vector.is_mainnet === true;
    expect(signL1Action(key, payload, mainnet)).toEqual({
      r: vector.expected.signature.r,
      s: vector.expected.signature.s,
      v: vector.expected.signature.v,
    });
  });

  it('reproduces the worked digest of nk-l1-order-mainnet on both networks', () => {
    const vector = l1.find((candidate) => candidate.id === 'nk-l1-order-mainnet')!;
    const id = connectionId({ action: vector.action, nonce: vector.nonce });
    expect(hex(agentDigest(id, true))).toBe(
      '0xcc75e280af3b69b8300145bcab1391410ee7ca49605f05e52cf7f1c5709c8334',
    );
    expect(hex(agentDigest(id, false))).toBe(
      '0x896c4d8162f44055459294c8c024118bd661cd5da3ac7dad4784885e6aac53f3',
    );
  });

  it.each(userSigned.map((vector) => [vector.id, vector] as const))(
    '%s (user-signed EIP-712): byte for byte',
    (_id, vector) => {
      const key = new SigningKey(vector.private_key);
      const fields = vector.types[vector.primary_type]!;
      expect(signUserAction(key, vector.domain.chainId, vector.primary_type, fields, vector.message)).toEqual(
        vector.expected.signature,
      );
    },
  );

  it('covers all 19 vectors of the file', () => {
    expect(l1.length + userSigned.length).toBe(file.vectors.length);
    expect(file.vectors.length).toBe(19);
  });

  it('never prints the private key', () => {
    const key = new SigningKey(l1.find((vector) => vector.private_key)!.private_key!);
    const printed = JSON.stringify({ key }) + String(key);
    expect(printed).not.toContain('0123456789012345678901234567890123456789012345678901234567890123');
  });
});
