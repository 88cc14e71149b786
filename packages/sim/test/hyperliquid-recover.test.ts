import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { addressOfKey, recoverSigner, SignerRecovery } from '../src/hyperliquid/hyperliquid-recover.js';

/** The kept-key check answers exactly what recovery answers, for the kept signer's signatures and any other. */

const N = secp256k1.Point.Fn.ORDER;
const hex = (value: bigint) => `0x${value.toString(16)}`;

function signed(key: Uint8Array, digest: Uint8Array, { highS = false } = {}) {
  const bytes = secp256k1.sign(digest, key, { prehash: false, format: 'recovered' });
  const r = BigInt(`0x${bytesToHex(bytes.subarray(1, 33))}`);
  const s = BigInt(`0x${bytesToHex(bytes.subarray(33, 65))}`);
  const recovery = bytes[0]!;
  // (r, n − s) with the other parity is the same signature's high-s twin: recovery accepts it too.
  return highS ? { r: hex(r), s: hex(N - s), v: 28 - recovery } : { r: hex(r), s: hex(s), v: 27 + recovery };
}

const digest = (i: number) => keccak_256(Uint8Array.of(i));

describe('SignerRecovery', () => {
  const agentKey = keccak_256(Uint8Array.of(1));
  const strangerKey = keccak_256(Uint8Array.of(2));
  const agent = addressOfKey(agentKey);
  const stranger = addressOfKey(strangerKey);

  it('answers as recoverSigner once the known signer is kept, for its signatures and any other', () => {
    const asked: string[] = [];
    const recovery = new SignerRecovery((address) => {
      asked.push(address);
      return address === agent;
    });
    const flipped = signed(agentKey, digest(7));
    const cases: [Uint8Array, unknown][] = [
      [digest(1), signed(agentKey, digest(1))],
      [digest(2), signed(agentKey, digest(2))],
      [digest(3), signed(agentKey, digest(3), { highS: true })],
      // Signed over another digest: recovery yields some stranger's address, and so must the kept check.
      [digest(4), signed(agentKey, digest(5))],
      [digest(6), signed(strangerKey, digest(6))],
      // The agent's signature with the other recovery id: another point, another address.
      [digest(7), { ...flipped, v: flipped.v === 27 ? 28 : 27 }],
      [digest(8), { r: '0x1', s: '0x1', v: 27 }],
      [digest(9), { r: hex(N), s: '0x1', v: 27 }],
      [digest(10), 'not a signature'],
    ];
    const answers = cases.map(([d, signature]) => recovery.signer(d, signature));
    expect(answers).toEqual(cases.map(([d, signature]) => recoverSigner(d, signature)));
    expect(answers.slice(0, 3)).toEqual([agent, agent, agent]);
    expect(answers[3]).not.toBe(agent);
    expect(answers[4]).toBe(stranger);
    expect(answers[5]).not.toBe(agent);
    expect(answers[8]).toBeUndefined();
    // Recovered in full only until the agent was kept: its later signatures never reach the lookup.
    expect(asked.filter((address) => address === agent)).toHaveLength(1);
  });
});
