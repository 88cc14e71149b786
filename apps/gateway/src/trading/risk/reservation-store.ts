/** One leg's notional as a reservation holds it. */
export interface ReservedLeg {
  instrument: string;
  notional: number;
}

/** What one order reserves on its account until a read includes it (docs/decisions.md, "The exposure view"). */
export interface ReservationEntry {
  /** What the order adds to the account's gross notional at worst (≥ 0): the leverage cap's figure. */
  added: number;
  /** Every leg's notional (all alternatives of a one-of group); 0 for a reduce-only order's legs. */
  legs: ReservedLeg[];
  /** Opaque to the store (the bot tag): pending notional can be summed per tag. */
  tag?: string;
}

export interface PendingReservation extends ReservationEntry {
  id: string;
  /** The account's store sequence when the order's outcome came back; absent while it is in flight. */
  settled?: number;
}

/** One order's hold on its account. Neither call throws: a store that fails logs and lets the TTL clear it. */
export interface ReservationHandle {
  /** Nothing executed: the notional is free again at once. */
  release(): void;
  /** The venue took it or its outcome is unknown: it counts beside every snapshot whose read started before now. */
  settle(): void;
}

/**
 * Where reservations live: this process's memory, or Redis or PostgreSQL shared by every instance. A snapshot
 * carries the account's `mark` taken before its read started; a reservation settled at or before that mark is
 * in the read, any other still counts beside it.
 */
export interface ReservationStore {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** The account's sequence now (taken before a read starts). */
  mark(account: string): number | Promise<number>;
  /**
   * Atomically: `decide` on the reservations that count beside a snapshot marked `mark` (throw to refuse)
   * and record what it returns. A shared store may run `decide` more than once (another instance reserved
   * meanwhile); only its last run's answer is recorded. The memory store answers synchronously.
   */
  reserve(
    account: string,
    mark: number,
    decide: (pending: readonly PendingReservation[]) => ReservationEntry,
  ): ReservationHandle | Promise<ReservationHandle>;
  /** Waits for settles and releases under way, then lets go of the connection. */
  close(): Promise<void>;
}

/**
 * Reservations in this process alone (no REDIS_URL or DATABASE_URL): check and record in one synchronous
 * step, so concurrent orders of this instance never see the same headroom. Other instances are not seen.
 */
export class MemoryReservations implements ReservationStore {
  readonly kind = 'memory';
  readonly #accounts = new Map<string, Map<string, PendingReservation>>();
  #seq = 0;
  #ids = 0;

  mark(): number {
    return this.#seq;
  }

  reserve(
    account: string,
    mark: number,
    decide: (pending: readonly PendingReservation[]) => ReservationEntry,
  ): ReservationHandle {
    const pending = this.#accounts.get(account) ?? new Map<string, PendingReservation>();
    this.#accounts.set(account, pending);
    // One process: its snapshots' marks only grow, so a settled order a snapshot includes is done with.
    for (const [id, entry] of pending)
      if (entry.settled !== undefined && entry.settled <= mark) pending.delete(id);
    const entry: PendingReservation = { ...decide([...pending.values()]), id: String(++this.#ids) };
    pending.set(entry.id, entry);
    return {
      release: () => {
        pending.delete(entry.id);
      },
      settle: () => {
        entry.settled ??= ++this.#seq;
      },
    };
  }

  async close(): Promise<void> {}
}
