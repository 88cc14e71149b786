import type { CredentialHandle, CredentialSet } from '../../upstream/credentials.js';
import type { Environment, UpstreamRequest } from '../../upstream/upstream-types.js';
import { SigningKey, signL1Action } from './l1-signing.js';
import { nonceSourceFor } from './nonces.js';

/**
 * Signs `/exchange` bodies for one environment: the agent (API wallet) key signs, the master account is the
 * one queried (notes §8). The key is read from the credential set at each write, so a swapped set is used by
 * the next write; it never leaves this module (SigningKey prints as its address only).
 *
 * Why not the upstream layer's per-attempt authorizer: the signature sits inside the JSON body, which the
 * authorizer cannot rewrite, and writes have exactly one attempt, so signing here, once per send, is the same
 * thing (docs/decisions.md, "perpdex signing").
 */
export class HyperliquidSigner {
  #key: { version: number; key: SigningKey } | undefined;

  constructor(
    private readonly credentials: CredentialHandle | undefined,
    readonly environment: Environment,
  ) {}

  /** The set, or 503 CREDENTIALS_NOT_CONFIGURED naming the variable. */
  #set(): CredentialSet {
    if (!this.credentials) throw new Error('perpdex has no credentials declared');
    return this.credentials.require();
  }

  /** The master account address, lowercase: what account queries are about. */
  account(): string {
    return this.#set().get('account_address').toLowerCase();
  }

  /** The agent's address (for environment_info and logs); never the key. */
  agentAddress(): string {
    return this.#signingKey().address;
  }

  #signingKey(): SigningKey {
    const set = this.#set();
    if (this.#key?.version !== set.version)
      this.#key = { version: set.version, key: new SigningKey(set.get('agent_private_key')) };
    return this.#key.key;
  }

  /** A signed `POST /exchange`, sent once (`idempotent: false`); a fresh nonce from the signer's source. */
  async exchangeRequest(action: Record<string, unknown>): Promise<UpstreamRequest> {
    const key = this.#signingKey();
    const nonce = await nonceSourceFor(key.address).next();
    const signature = signL1Action(key, { action, nonce }, this.environment === 'live');
    return {
      method: 'POST',
      path: '/exchange',
      body: { action, nonce, signature, vaultAddress: null, expiresAfter: null },
      headers: { 'content-type': 'application/json' },
      idempotent: false,
    };
  }
}
