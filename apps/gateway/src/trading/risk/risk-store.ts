import type { Environment } from '../../upstream/upstream-types.js';

/**
 * A kill switch thrown by an operator (POST /admin/risk/halt) or by the daily-loss limit: every new order write
 * of its scope is refused with 403 TRADING_HALTED until it is resumed. `bot_tag` null: the whole environment.
 */
export interface Halt {
  environment: Environment;
  bot_tag: string | null;
  reason: string;
  /** ISO time it was thrown. */
  since: string;
  /** `operator` (the admin endpoint) or `daily_loss` (the limit crossed it). */
  by: 'operator' | 'daily_loss';
}

/** One order write asking to go ahead: its scope, its client order id, and the bot's rate limit if any. */
export interface Admission {
  environment: Environment;
  botTag: string;
  venue: string;
  clientOrderId: string;
  now: number;
  /** orders_per_minute of the bot; undefined: not limited (not counted either). */
  perMinute?: number;
  /** max_open_orders of the bot, with the venue's working orders as a read that started at `since` saw them. */
  openOrders?: OpenOrdersCheck;
}

/**
 * The bot's open orders on the venue: those of the read (`open`, the client order ids of the account's working
 * orders) that were issued to the bot, plus its orders the read may have missed: still being sent, or sent after
 * the read started (`since`). An order is in flight from its admission until `settled` (at most `inFlightMs`).
 */
export interface OpenOrdersCheck {
  limit: number;
  open: readonly string[];
  since: number;
  inFlightMs: number;
}

export type Admitted =
  | { ok: true }
  | { ok: false; halt: Halt }
  | { ok: false; rate: { count: number; limit: number; retryAfterMs: number } }
  | { ok: false; openOrders: { count: number; limit: number } };

/** The order-rate window: orders per bot in any 60 s. */
export const RATE_WINDOW_MS = 60_000;
/** Client order ids the gateway issued are kept this long for a halt's cancels (longer than a GTC order lives here). */
export const ISSUED_RETENTION_MS = 7 * 24 * 3_600_000;

export const scopeOf = (environment: Environment, botTag: string | null): string =>
  botTag === null ? environment : `${environment}:${botTag}`;

/**
 * What the risk layer shares between instances (docs/architecture.md, "Risk"): halts, each bot's order-rate
 * window, the client order ids each bot was issued (so a halt cancels only its scope's orders) and each
 * account's equity at the day's first read (the daily loss). In Redis or PostgreSQL when the gateway shares
 * them (the same choice as the idempotency keys), else on this machine (SQLite under DATA_DIR, the rate window
 * in memory): a halt survives a restart either way.
 */
export interface RiskStore {
  /**
   * One round trip: refuses when the environment or the bot is halted or the bot's window is full; otherwise
   * counts the order in the window and records its client order id under the bot. Atomic per bot.
   */
  admit(admission: Admission): Promise<Admitted>;
  /** The halt in force for a bot (the environment's first), read from the store now. */
  haltOf(environment: Environment, botTag: string): Promise<Halt | undefined>;
  /** Throws a halt; a second one on the same scope replaces the first. */
  halt(halt: Halt): Promise<void>;
  /** Lifts the halt on exactly this scope; false when there was none. */
  resume(environment: Environment, botTag: string | null): Promise<boolean>;
  halts(): Promise<Halt[]>;
  /** Client order id → bot tag of the orders issued on a venue in an environment (the last ISSUED_RETENTION_MS). */
  issued(environment: Environment, venue: string, now: number): Promise<Map<string, string>>;
  /** Orders the bot placed in the window now (for GET /admin/risk and get_risk_status). */
  rateCount(environment: Environment, botTag: string, now: number): Promise<number>;
  /** The order's send is over (answered or looked up): from now a read of the venue's open orders shows it. */
  settled(admission: Admission, now: number): Promise<void>;
  /** The account's equity at its first read of `day` (UTC date): stored by the first caller, answered to all. */
  dayOpen(account: string, day: string, equity: number): Promise<number>;
  close(): Promise<void>;
}

/** Timestamps of a bot's orders in the last RATE_WINDOW_MS: counted and pruned in place. */
export function slideWindow(hits: number[], now: number): number[] {
  const from = now - RATE_WINDOW_MS;
  let first = 0;
  while (first < hits.length && hits[first]! <= from) first++;
  if (first > 0) hits.splice(0, first);
  return hits;
}

/** When the oldest hit in a full window leaves it: the Retry-After of ORDER_RATE_LIMIT. */
export const retryAfterMs = (oldest: number, now: number): number =>
  Math.max(1, oldest + RATE_WINDOW_MS - now);
