import type { AccountSnapshot, OrderLeg, PlannedOrder } from './exposure-view.js';
import { checkLeverageCap } from './leverage-cap.js';
import type { PendingReservation, ReservationEntry } from './risk/reservation-store.js';

/** One leg of the order being checked, as valued against the snapshot. */
export interface CheckedLeg extends OrderLeg {
  /** What this leg reserves: |size| × unit_notional, or its change of |position| when the venue nets; ≥ 0. */
  notional: number;
}

/** Orders not yet in the snapshot's read, from every instance sharing the store (docs/decisions.md). */
export interface PendingExposure {
  /** Σ of what they add to the account's gross notional (the leverage cap's figure). */
  total: number;
  /** Σ of their legs' notional per instrument (every alternative of a one-of group counts). */
  by_instrument: ReadonlyMap<string, number>;
  /** The same per reservation tag (those reserved without a tag are left out). */
  by_tag: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** What an extra check sees, inside the atomic check-and-reserve step, after the leverage caps passed. */
export interface ReserveCheckInput {
  /** The account's view key: `<venue>:<environment>:<account>`. */
  key: string;
  venue: string;
  /** The tag the reservation will carry. */
  tag?: string;
  snapshot: AccountSnapshot;
  /** Every leg, all alternatives of a one-of group; a reduce-only order's legs reserve 0. */
  legs: CheckedLeg[];
  reduce_only: boolean;
  one_of: boolean;
  /** What the order reserves against the cap (the largest alternative of a one-of group); ≥ 0. */
  added_notional: number;
  /** Σ |size| × unit_notional of its legs (of the largest alternative by that measure for a one-of group). */
  gross_notional: number;
  pending: PendingExposure;
}

/**
 * A check run right before the reservation is recorded: throw to refuse (nothing is reserved). It must be
 * synchronous and free of side effects: a shared store runs it again when another instance reserved meanwhile.
 */
export type ReserveCheck = (input: ReserveCheckInput) => void;

/** One order to check on one snapshot. */
export interface OrderToCheck {
  key: string;
  venue: string;
  cap: number;
  nets: boolean;
  plan: PlannedOrder;
  snapshot: AccountSnapshot;
  tag?: string;
  check?: ReserveCheck;
}

/**
 * The cap on the snapshot plus every pending reservation, then what the order reserves (synchronous: a store
 * runs it inside its atomic step). Throws 422 LEVERAGE_CAP_EXCEEDED, or what `check` throws.
 */
export function decideReservation(
  order: OrderToCheck,
  pending: readonly PendingReservation[],
): ReservationEntry {
  const { venue, cap, nets, plan, snapshot } = order;
  const totals = pendingExposure(pending);
  // Orders whose outcome no read has shown yet may have moved these positions: the order does not net on them.
  const busy = new Set(totals.by_instrument.keys());
  const legs = plan.legs(snapshot);
  const groups = plan.oneOf && legs.length > 0 ? legs.map((leg) => [leg]) : [legs];
  const valued = groups.map((group) => valueLegs(group, snapshot, nets, busy));
  const tag = order.tag === undefined ? {} : { tag: order.tag };
  if (plan.reduceOnly) {
    // Passes as before; its instruments are busy until a read shows what it did.
    const zero = valued.flatMap((entry) => entry.legs).map((leg) => ({ ...leg, notional: 0 }));
    runCheck(order, zero, 0, totals);
    return { added: 0, legs: zero.map(reserved), ...tag };
  }
  const largest = valued.reduce((max, entry) => (entry.added > max.added ? entry : max));
  const { equity } = snapshot;
  for (const leg of largest.legs) {
    if (leg.max_leverage === undefined) continue;
    checkLeverageCap(`${venue} ${leg.instrument}`, leg.max_leverage, {
      equity,
      current_notional:
        (snapshot.positions.get(leg.instrument)?.notional ?? 0) +
        (totals.by_instrument.get(leg.instrument) ?? 0),
      added_notional: leg.notional,
    });
  }
  const current = snapshot.current_notional + totals.total;
  checkLeverageCap(venue, cap, { equity, current_notional: current, added_notional: largest.added });
  const added = Math.max(0, largest.added);
  // Every alternative of a one-of group marks its instrument; the largest one's notional is reserved.
  const all = valued.flatMap((entry) => entry.legs);
  runCheck(order, all, added, totals);
  return { added, legs: all.map(reserved), ...tag };
}

/** Whether a reservation still counts beside a snapshot whose read started at store sequence `mark`. */
export const countsBeside = (entry: PendingReservation, mark: number): boolean =>
  entry.settled === undefined || entry.settled > mark;

function pendingExposure(pending: readonly PendingReservation[]): PendingExposure {
  let total = 0;
  const byInstrument = new Map<string, number>();
  const byTag = new Map<string, Map<string, number>>();
  for (const entry of pending) {
    total += entry.added;
    let tagged: Map<string, number> | undefined;
    if (entry.tag !== undefined) {
      tagged = byTag.get(entry.tag) ?? new Map();
      byTag.set(entry.tag, tagged);
    }
    for (const leg of entry.legs) {
      byInstrument.set(leg.instrument, (byInstrument.get(leg.instrument) ?? 0) + leg.notional);
      tagged?.set(leg.instrument, (tagged.get(leg.instrument) ?? 0) + leg.notional);
    }
  }
  return { total, by_instrument: byInstrument, by_tag: byTag };
}

function runCheck(order: OrderToCheck, legs: CheckedLeg[], added: number, pending: PendingExposure): void {
  if (!order.check) return;
  const gross = (group: OrderLeg[]) =>
    group.reduce((sum, leg) => sum + Math.abs(leg.size) * leg.unit_notional, 0);
  const oneOf = order.plan.oneOf === true && legs.length > 0;
  order.check({
    key: order.key,
    venue: order.venue,
    ...(order.tag === undefined ? {} : { tag: order.tag }),
    snapshot: order.snapshot,
    legs,
    reduce_only: order.plan.reduceOnly === true,
    one_of: oneOf,
    added_notional: added,
    gross_notional: oneOf ? Math.max(...legs.map((leg) => gross([leg]))) : gross(legs),
    pending,
  });
}

const reserved = (leg: CheckedLeg) => ({ instrument: leg.instrument, notional: leg.notional });

/**
 * What the legs add to the account's gross notional at worst. Netting (broker): |position after| − |before|
 * on the snapshot's position, legs in order; otherwise, or when an unresolved order touches the instrument,
 * the leg's whole |size| × unit notional, an upper bound of any change it makes.
 */
function valueLegs(legs: OrderLeg[], snapshot: AccountSnapshot, nets: boolean, busy: Set<string>) {
  const held = new Map<string, number>();
  let added = 0;
  const valued = legs.map((leg): CheckedLeg => {
    let notional = Math.abs(leg.size) * leg.unit_notional;
    if (nets && !busy.has(leg.instrument)) {
      const before = held.get(leg.instrument) ?? snapshot.positions.get(leg.instrument)?.size ?? 0;
      const after = before + leg.size;
      held.set(leg.instrument, after);
      notional = (Math.abs(after) - Math.abs(before)) * leg.unit_notional;
    }
    added += notional;
    return { ...leg, notional: Math.max(0, notional) };
  });
  return { added, legs: valued };
}
