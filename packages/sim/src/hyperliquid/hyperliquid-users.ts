import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { SimContext } from '../simulator.js';
import { addressOfKey } from './hyperliquid-recover.js';

/**
 * Who may act on the simulated venue (notes §8, §10, §14): users (master accounts), the agents each approved,
 * and the 100 highest nonces of every signer.
 */

const DAY_MS = 86_400_000;
const KEPT_NONCES = 100;

/** USDC the sim profile's account starts with. */
export const SEEDED_BALANCE_USDC = 100_000;

export class Users {
  readonly #users = new Set<string>();
  /** agent address → master address. */
  readonly #agents = new Map<string, string>();
  /** signer → its highest nonces, ascending, at most KEPT_NONCES. */
  readonly #nonces = new Map<string, number[]>();

  addUser(address: string): void {
    this.#users.add(address.toLowerCase());
  }

  approveAgent(master: string, agent: string): void {
    this.#agents.set(agent.toLowerCase(), master.toLowerCase());
  }

  /** Every user (master account). */
  accounts(): string[] {
    return [...this.#users];
  }

  /** The account a signer acts for: itself when a user, its master when an approved agent. */
  accountOf(signer: string): string | undefined {
    if (this.#users.has(signer)) return signer;
    return this.#agents.get(signer);
  }

  /** Null when the nonce is acceptable (and then records it), else the venue's refusal text. */
  takeNonce(signer: string, nonce: number, now: number): string | null {
    const low = now - 2 * DAY_MS;
    const high = now + DAY_MS;
    if (nonce <= low) return `Invalid nonce: nonce too low ${nonce} < ${low}`;
    if (nonce >= high) return `Invalid nonce: nonce too high ${nonce} > ${high}`;
    const kept = this.#nonces.get(signer) ?? [];
    if (kept.includes(nonce)) return `Invalid nonce: duplicate nonce ${nonce}`;
    if (kept.length >= KEPT_NONCES && nonce <= kept[0]!)
      return `Invalid nonce: nonce too low ${nonce} < ${kept[0]}`;
    let at = kept.length;
    while (at > 0 && kept[at - 1]! > nonce) at--;
    kept.splice(at, 0, nonce);
    if (kept.length > KEPT_NONCES) kept.shift();
    this.#nonces.set(signer, kept);
    return null;
  }
}

/** A private key derived from the instance's seed and a label: the same on every start of that instance. */
export function seededKey(context: SimContext, label: string): Uint8Array {
  return keccak_256(new TextEncoder().encode(`perpdex:${context.environment}:${context.seed}:${label}`));
}

/**
 * The sim profile's funded account and the agent it approved, per instance: the gateway signs with the agent
 * and queries with the account (SimulatorDefinition.credentials).
 */
export function seededIdentity(context: SimContext) {
  const accountKey = seededKey(context, 'account');
  const agentKey = seededKey(context, 'agent');
  return {
    accountAddress: addressOfKey(accountKey),
    accountPrivateKey: `0x${bytesToHex(accountKey)}`,
    agentAddress: addressOfKey(agentKey),
    agentPrivateKey: `0x${bytesToHex(agentKey)}`,
  };
}
