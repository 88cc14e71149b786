import type { Logger } from '@app/kit';
import type { GatewayConfig } from '../config.js';
import { decideReservation, type ReserveCheck } from './exposure-check.js';
import {
  MemoryReservations,
  type ReservationHandle,
  type ReservationStore,
} from './risk/reservation-store.js';
import { openReservationStore } from './risk/reservation-store-open.js';

export type { CheckedLeg, PendingExposure, ReserveCheck, ReserveCheckInput } from './exposure-check.js';

/** An account as one read saw it, in the account's quote currency. */
export interface AccountSnapshot {
  /** Account equity (net liquidation value). */
  equity: number;
  /** Sum of the absolute notional of open positions. */
  current_notional: number;
  /** Open positions by instrument: signed size in the venue's units and absolute notional. */
  positions: ReadonlyMap<string, { size: number; notional: number }>;
  /** Prices the venue values order legs at (optx: index price by instrument name), as `PlannedOrder.marks` asked. */
  marks: ReadonlyMap<string, number>;
}

/** One leg of an order as the leverage cap counts it. */
export interface OrderLeg {
  instrument: string;
  /** Signed: positive buys, negative sells, in the venue's units. */
  size: number;
  /** Notional of one unit of size, quote currency. */
  unit_notional: number;
  /** The instrument's own ceiling (perpdex: the asset's maxLeverage): its position with the order over equity. */
  max_leverage?: number;
}

/** What a write tool's `exposure.plan` tells the view, after validating its input. */
export interface PlannedOrder {
  /** The account within the venue and environment (optx: settlement currency; perpdex: the master address). */
  account: string;
  /** Marks `legs` reads from the snapshot; a snapshot without one is read again. */
  marks?: string[];
  /** Reduce-only: passes whatever the cap, but its instruments still count as changing (see `busy`). */
  reduceOnly?: boolean;
  /** At most one leg executes (an OCO group): the largest stands for the order. */
  oneOf?: boolean;
  /** The legs, valued from the snapshot the cap is checked against. */
  legs(snapshot: AccountSnapshot): OrderLeg[];
}

export interface ExposureViewOptions {
  now: () => number;
  /** A snapshot whose read started longer ago is never used: the order waits for a fresh read. */
  maxAgeMs: number;
  /** A snapshot older than this is refreshed in the background by the next order that uses it. */
  refreshAfterMs: number;
  /** A background refresh failed (the next order past `maxAgeMs` reads inline and fails visibly). */
  onRefreshError?: (account: string, error: unknown) => void;
  /** Where reservations live; this process's memory by default. */
  store?: ReservationStore;
}

/** One order counted against its account from before it is sent until a read is known to include it. */
export type Reservation = ReservationHandle;

interface Snapshot {
  value: AccountSnapshot;
  /** When its read started: its age. */
  startedAt: number;
  /** The store's sequence before its read started: the reservations it includes (settled at or before it). */
  mark: number;
  seq: number;
}

interface AccountView {
  snapshot?: Snapshot;
  reading?: { done: Promise<void>; seq: number; startedAt: number };
  /** Marks asked for by recent orders: every read fetches them (most recent 64). */
  wanted: Set<string>;
}

const MAX_MARKS = 64;

/**
 * Each account's exposure per venue and environment as a cached view (docs/decisions.md, "The exposure
 * view"): a snapshot read at most `maxAgeMs` ago plus every order sent or in flight since it, each at its
 * worst case. The snapshots are this instance's; the orders are in the store, shared by every instance when
 * it is Redis or PostgreSQL, and checked and reserved there in one atomic step, so concurrent orders on one
 * account never see the same headroom, whichever instance they reach.
 */
export class ExposureViews {
  readonly #accounts = new Map<string, AccountView>();
  readonly #store: ReservationStore;
  #seq = 0;

  constructor(private readonly options: ExposureViewOptions) {
    this.#store = options.store ?? new MemoryReservations();
  }

  get storeKind(): ReservationStore['kind'] {
    return this.#store.kind;
  }

  /** Forgets every account's snapshot; reservations stay until a read includes them. */
  clearSnapshots(): void {
    for (const view of this.#accounts.values()) view.snapshot = undefined;
  }

  /**
   * Checks the order against `cap` (and each leg's own ceiling, then `check`) on the account's view and
   * reserves its notional; throws 422 LEVERAGE_CAP_EXCEEDED (or what `check` threw) with nothing reserved.
   * `read` reads the account now; `tag` is carried by the reservation (the check sees pending notional by tag).
   */
  async reserve(
    key: string,
    venue: string,
    cap: number,
    nets: boolean,
    plan: PlannedOrder,
    read: (marks: string[]) => Promise<AccountSnapshot>,
    check?: ReserveCheck,
    tag?: string,
  ): Promise<Reservation> {
    const view = this.#viewOf(key);
    const marks = plan.marks ?? [];
    for (const mark of marks) {
      view.wanted.delete(mark);
      view.wanted.add(mark);
      if (view.wanted.size > MAX_MARKS) view.wanted.delete(view.wanted.values().next().value as string);
    }
    const calledAt = this.#seq;
    for (;;) {
      const current = view.snapshot;
      const usable =
        current !== undefined &&
        marks.every((mark) => current.value.marks.has(mark)) &&
        // A read that started after this call is as fresh as reading inline, however long it took.
        (this.options.now() - current.startedAt <= this.options.maxAgeMs || current.seq > calledAt);
      if (usable) {
        const order = {
          key,
          venue,
          cap,
          nets,
          plan,
          snapshot: current.value,
          tag,
          check,
        };
        // Memory: check and reservation in one synchronous step. Shared: one atomic step in the store.
        const reservation = this.#store.reserve(key, current.mark, (pending) =>
          decideReservation(order, pending),
        );
        if (this.options.now() - current.startedAt > this.options.refreshAfterMs && !view.reading)
          this.#read(key, view, read).catch((error: unknown) =>
            this.options.onRefreshError?.(plan.account, error),
          );
        return reservation;
      }
      // Join the read in flight when its snapshot will be young enough; else read now.
      const { reading } = view;
      const joinable = reading && this.options.now() - reading.startedAt <= this.options.maxAgeMs;
      await (joinable ? reading.done : this.#read(key, view, read));
    }
  }

  /** Waits for reservation changes under way and lets go of the store. */
  close(): Promise<void> {
    return this.#store.close();
  }

  #viewOf(key: string): AccountView {
    let view = this.#accounts.get(key);
    if (!view) {
      view = { wanted: new Set() };
      this.#accounts.set(key, view);
    }
    return view;
  }

  /** One read per account at a time; installed when newer. The store's mark is taken before it starts. */
  #read(key: string, view: AccountView, read: (marks: string[]) => Promise<AccountSnapshot>): Promise<void> {
    const seq = ++this.#seq;
    const startedAt = this.options.now();
    const done = Promise.resolve(this.#store.mark(key))
      .then(async (mark) => ({ mark, value: await read([...view.wanted]) }))
      .then(
        ({ mark, value }) => {
          if (view.reading?.seq === seq) view.reading = undefined;
          if (view.snapshot && view.snapshot.seq > seq) return;
          view.snapshot = { value, mark, startedAt, seq };
        },
        (error: unknown) => {
          if (view.reading?.seq === seq) view.reading = undefined;
          throw error;
        },
      );
    view.reading = { done, seq, startedAt };
    return done;
  }
}

/** The views as configured (EXPOSURE_MAX_AGE_MS, EXPOSURE_REFRESH_MS), failed refreshes logged. */
export function exposureViews(
  config: GatewayConfig,
  logger: Logger,
  now: () => number,
  store?: ReservationStore,
): ExposureViews {
  return new ExposureViews({
    now,
    maxAgeMs: config.EXPOSURE_MAX_AGE_MS,
    refreshAfterMs: Math.min(config.EXPOSURE_REFRESH_MS, config.EXPOSURE_MAX_AGE_MS),
    onRefreshError: (account, error) =>
      logger.warn({ err: error, account }, 'exposure view: background refresh failed'),
    ...(store ? { store } : {}),
  });
}

/** The views on the configured reservation store (DATABASE_URL, else REDIS_URL, else memory). */
export async function openExposureViews(options: {
  config: GatewayConfig;
  logger: Logger;
  now: () => number;
  /** Starts the store's keys (Redis) or account names (PostgreSQL); tests give each run its own. */
  prefix?: string;
}): Promise<ExposureViews> {
  const store = await openReservationStore(options);
  return exposureViews(options.config, options.logger, options.now, store);
}
