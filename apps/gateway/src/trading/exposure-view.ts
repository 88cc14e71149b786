import type { Logger } from '@app/kit';
import type { GatewayConfig } from '../config.js';
import { checkLeverageCap } from './leverage-cap.js';

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
}

interface ReservedLeg {
  instrument: string;
  notional: number;
}

/** One order counted against its account from before it is sent until a read is known to include it. */
export interface Reservation {
  /** Nothing executed (refused or failed before the venue took it): the notional is free again at once. */
  release(): void;
  /** The venue took it, or its outcome is unknown: it counts until a read that started after now replaces it. */
  settle(): void;
}

interface Pending {
  added: number;
  legs: ReservedLeg[];
  /** Sequence number when its outcome came back; a read started later includes it. */
  settledAt?: number;
}

interface Snapshot {
  value: AccountSnapshot;
  /** When its read started: its age, and the reservations it may leave out. */
  startedAt: number;
  seq: number;
}

interface AccountView {
  snapshot?: Snapshot;
  reading?: { done: Promise<void>; seq: number; startedAt: number };
  /** Marks asked for by recent orders: every read fetches them (most recent 64). */
  wanted: Set<string>;
  pending: Set<Pending>;
}

const MAX_MARKS = 64;

/**
 * Each account's exposure per venue and environment as a cached view (docs/decisions.md, "The exposure
 * view"): a snapshot read at most `maxAgeMs` ago plus every order sent or in flight since it, each at its
 * worst case. Check and reservation run without an await between them, so concurrent orders on one account
 * never see the same headroom.
 */
export class ExposureViews {
  readonly #accounts = new Map<string, AccountView>();
  #seq = 0;

  constructor(private readonly options: ExposureViewOptions) {}

  /** Forgets every account's snapshot; orders still in flight keep their reservations. */
  clearSnapshots(): void {
    for (const view of this.#accounts.values()) {
      view.snapshot = undefined;
      for (const entry of view.pending) if (entry.settledAt !== undefined) view.pending.delete(entry);
    }
  }

  /**
   * Checks the order against `cap` (and each leg's own ceiling) on the account's view and reserves its
   * notional; throws 422 LEVERAGE_CAP_EXCEEDED with nothing reserved. `read` reads the account now.
   */
  async reserve(
    key: string,
    venue: string,
    cap: number,
    nets: boolean,
    plan: PlannedOrder,
    read: (marks: string[]) => Promise<AccountSnapshot>,
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
        // From here to the return nothing awaits: the check and the reservation are one step per account.
        const pending = reserveOn(view, venue, cap, nets, plan, current.value);
        if (this.options.now() - current.startedAt > this.options.refreshAfterMs && !view.reading)
          this.#read(view, read).catch((error: unknown) =>
            this.options.onRefreshError?.(plan.account, error),
          );
        return this.#reservation(view, pending);
      }
      // Join the read in flight when its snapshot will be young enough; else read now.
      const { reading } = view;
      const joinable = reading && this.options.now() - reading.startedAt <= this.options.maxAgeMs;
      await (joinable ? reading.done : this.#read(view, read));
    }
  }

  #viewOf(key: string): AccountView {
    let view = this.#accounts.get(key);
    if (!view) {
      view = { wanted: new Set(), pending: new Set() };
      this.#accounts.set(key, view);
    }
    return view;
  }

  /** One read per account at a time; installed when newer, dropping the settled orders it includes. */
  #read(view: AccountView, read: (marks: string[]) => Promise<AccountSnapshot>): Promise<void> {
    const seq = ++this.#seq;
    const startedAt = this.options.now();
    const done = read([...view.wanted]).then(
      (value) => {
        if (view.reading?.seq === seq) view.reading = undefined;
        if (view.snapshot && view.snapshot.seq > seq) return;
        view.snapshot = { value, startedAt, seq };
        for (const entry of view.pending)
          if (entry.settledAt !== undefined && entry.settledAt < seq) view.pending.delete(entry);
      },
      (error: unknown) => {
        if (view.reading?.seq === seq) view.reading = undefined;
        throw error;
      },
    );
    view.reading = { done, seq, startedAt };
    return done;
  }

  #reservation(view: AccountView, pending: Pending): Reservation {
    return {
      release: () => {
        view.pending.delete(pending);
      },
      settle: () => {
        pending.settledAt ??= ++this.#seq;
      },
    };
  }
}

/** The cap on the snapshot plus everything pending, then the order's reservation (synchronous). */
function reserveOn(
  view: AccountView,
  venue: string,
  cap: number,
  nets: boolean,
  plan: PlannedOrder,
  snapshot: AccountSnapshot,
): Pending {
  const pending = [...view.pending];
  const pendingLegs = pending.flatMap((entry) => entry.legs);
  // Orders whose outcome no read has shown yet may have moved these positions: the order does not net on them.
  const busy = new Set(pendingLegs.map((leg) => leg.instrument));
  const legs = plan.legs(snapshot);
  const groups = plan.oneOf && legs.length > 0 ? legs.map((leg) => [leg]) : [legs];
  const valued = groups.map((group) => valueLegs(group, snapshot, nets, busy));
  if (plan.reduceOnly) {
    // Passes as before; its instruments are busy until a read shows what it did.
    const reserved = { added: 0, legs: legs.map((leg) => ({ instrument: leg.instrument, notional: 0 })) };
    view.pending.add(reserved);
    return reserved;
  }
  const order = valued.reduce((max, entry) => (entry.added > max.added ? entry : max));
  const { equity } = snapshot;
  for (const leg of order.legs) {
    if (leg.max_leverage === undefined) continue;
    const onInstrument = pendingLegs.filter((other) => other.instrument === leg.instrument);
    checkLeverageCap(`${venue} ${leg.instrument}`, leg.max_leverage, {
      equity,
      current_notional:
        (snapshot.positions.get(leg.instrument)?.notional ?? 0) +
        onInstrument.reduce((sum, other) => sum + other.notional, 0),
      added_notional: leg.notional,
    });
  }
  const current = snapshot.current_notional + pending.reduce((sum, entry) => sum + entry.added, 0);
  checkLeverageCap(venue, cap, { equity, current_notional: current, added_notional: order.added });
  // Every alternative of a one-of group marks its instrument; the largest one's notional is reserved.
  const reserved = { added: Math.max(0, order.added), legs: valued.flatMap((entry) => entry.legs) };
  view.pending.add(reserved);
  return reserved;
}

/**
 * What the legs add to the account's gross notional at worst. Netting (broker): |position after| − |before|
 * on the snapshot's position, legs in order; otherwise, or when an unresolved order touches the instrument,
 * the leg's whole |size| × unit notional, an upper bound of any change it makes.
 */
function valueLegs(legs: OrderLeg[], snapshot: AccountSnapshot, nets: boolean, busy: Set<string>) {
  const held = new Map<string, number>();
  let added = 0;
  const valued = legs.map((leg) => {
    let notional = Math.abs(leg.size) * leg.unit_notional;
    if (nets && !busy.has(leg.instrument)) {
      const before = held.get(leg.instrument) ?? snapshot.positions.get(leg.instrument)?.size ?? 0;
      const after = before + leg.size;
      held.set(leg.instrument, after);
      notional = (Math.abs(after) - Math.abs(before)) * leg.unit_notional;
    }
    added += notional;
    return { instrument: leg.instrument, notional: Math.max(0, notional), max_leverage: leg.max_leverage };
  });
  return { added, legs: valued };
}

/** The views as configured (EXPOSURE_MAX_AGE_MS, EXPOSURE_REFRESH_MS), failed refreshes logged. */
export function exposureViews(config: GatewayConfig, logger: Logger, now: () => number): ExposureViews {
  return new ExposureViews({
    now,
    maxAgeMs: config.EXPOSURE_MAX_AGE_MS,
    refreshAfterMs: Math.min(config.EXPOSURE_REFRESH_MS, config.EXPOSURE_MAX_AGE_MS),
    onRefreshError: (account, error) =>
      logger.warn({ err: error, account }, 'exposure view: background refresh failed'),
  });
}
