import type { ExchangeCore } from '../exchange/exchange-core.js';
import type { SimContext } from '../simulator.js';
import {
  cancelByCloid,
  cancelOrders,
  placeOrders,
  type Rejections,
  updateLeverage,
} from './hyperliquid-actions.js';
import { canonicalAction } from './hyperliquid-canonical.js';
import { DeserializeError } from './hyperliquid-info.js';
import { l1Digest, type SignerRecovery } from './hyperliquid-recover.js';
import type { Users } from './hyperliquid-users.js';

/**
 * `POST /exchange` (notes §6, §9, §14.3–14.6): every action is re-serialised canonically, its signer recovered
 * for this instance's network (`a` live, `b` test), mapped to a user or an approved agent's master, its nonce
 * checked and recorded, and only then applied to the exchange core.
 */

type Json = Record<string, unknown>;

const err = (response: string) => ({ status: 'err' as const, response });

function optionalInteger(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new DeserializeError(`${field}: invalid type, expected u64`);
  return value;
}

function optionalAddress(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw new DeserializeError('vaultAddress: expected an address');
  return value.toLowerCase();
}

export interface ExchangeState {
  context: SimContext;
  core: ExchangeCore;
  users: Users;
  /** Recovers signers, the users' and agents' keys kept (SignerRecovery). */
  signers: SignerRecovery;
  rejections: Rejections;
  /** Venue status names the core has no reason for (a reduce-only order retired because its position is gone). */
  statusOverrides: Map<number, string>;
}

/**
 * Reduce-only orders (a TP/SL sibling included) whose position is gone are cancelled as the venue does, with
 * status `reduceOnlyCanceled`. Run after every action and before every account query.
 */
export function retireOrphanedReduceOnly(state: ExchangeState): void {
  for (const account of state.users.accounts())
    for (const order of state.core.reduceOnlyOrders(account)) {
      if (state.core.position(account, order.symbol).size !== 0) continue;
      state.core.cancel(account, order.id);
      state.statusOverrides.set(order.id, 'reduceOnlyCanceled');
    }
}

export function answerExchange(state: ExchangeState, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new DeserializeError('expected an object');
  const envelope = body as Json;
  const action = canonicalAction(envelope.action);
  const nonce = optionalInteger(envelope.nonce, 'nonce');
  if (nonce === null) throw new DeserializeError('missing field `nonce`');
  const vaultAddress = optionalAddress(envelope.vaultAddress);
  const expiresAfter = optionalInteger(envelope.expiresAfter, 'expiresAfter');
  const source = state.context.environment === 'live' ? 'a' : 'b';
  const digest = l1Digest({ action, nonce, vaultAddress, expiresAfter }, source);
  const signer = state.signers.signer(digest, envelope.signature);
  if (!signer) return err('Unable to recover signer.');
  const account = state.users.accountOf(signer);
  if (!account) return err(`User or API Wallet ${signer} does not exist.`);
  const now = state.context.now();
  if (vaultAddress) return err(`Vault not registered: ${vaultAddress}`);
  if (expiresAfter !== null && expiresAfter < now) return err('Action already expired');
  const refused = state.users.takeNonce(signer, nonce, now);
  if (refused) return err(refused);
  try {
    return applyAction(state, account, action, now);
  } finally {
    retireOrphanedReduceOnly(state);
  }
}

function applyAction(state: ExchangeState, account: string, action: Json, now: number): unknown {
  switch (action.type) {
    case 'order':
      return placeOrders(state.core, account, action, state.rejections, now);
    case 'cancel':
      return cancelOrders(state.core, account, action);
    case 'cancelByCloid':
      return cancelByCloid(state.core, account, action);
    case 'updateLeverage':
      return updateLeverage(state.core, account, action);
    default:
      // noop burns the nonce; scheduleCancel needs traded volume the simulated accounts never have.
      return action.type === 'noop'
        ? { status: 'ok', response: { type: 'default' } }
        : err('Cannot set scheduled cancel time until enough volume traded. Required: $1000000. Traded: $0.');
  }
}
