import { randomUUID } from 'node:crypto';

/** An answer as it went out: replayed byte for byte to a repeat of the request. */
export interface StoredAnswer {
  status: number;
  /** The JSON text of the body (the tool's answer or the error envelope). */
  body: string;
  /** X-Data-Timestamp of a tool answer; null for an error. */
  dataTimestamp: string | null;
}

/**
 * One key's record. `running`: claimed, nothing sent yet. `sent`: the write may have reached the venue and its
 * outcome is not stored (the call still runs, or its answer was lost and the venue could not tell): whoever
 * takes the key next must look the order up, never send it again. `done`: the final answer is stored.
 */
export interface KeyEntry {
  /** Who holds the key; changes when a caller claims or takes it over, so a former holder's writes fail. */
  owner: string;
  fingerprint: string;
  clientOrderId: string;
  state: 'running' | 'sent' | 'done';
  /** Epoch ms until which the holder's call may still run; 0 once it has ended. */
  leaseUntil: number;
  /** Epoch ms when the key is forgotten (24 h after it was first used). */
  expiresAt: number;
  answer?: StoredAnswer;
  /**
   * `sent` only: epoch ms by which the last send under the key had ended: when its call left the outcome unknown,
   * else when a repeat took the key over (its holder's lease had run out, so its call was over). The lookup
   * window counts from here (docs/decisions.md, "A write the venue never got is sent again"). Absent while the
   * send may still run, and on entries stored before it was recorded.
   */
  sendEndedBy?: number;
}

/**
 * Where keys live (SQLite, Redis, PostgreSQL). Each operation is atomic on its own; the protocol above them
 * (IdempotencyKeys) needs no more than an insert that loses to a live entry and a compare-and-set on `owner`.
 * An expired entry counts as absent everywhere.
 */
export interface KeyBackend {
  /** Stores `entry` unless a live one exists; answers the live one (not stored) or undefined (stored). */
  insertIfAbsent(id: string, entry: KeyEntry, now: number): Promise<KeyEntry | undefined>;
  /** Replaces the entry while its owner is still `owner`; false when someone else holds it now. */
  replace(id: string, owner: string, entry: KeyEntry): Promise<boolean>;
  /** Deletes the entry while its owner is still `owner`. */
  remove(id: string, owner: string): Promise<void>;
  /** Deletes expired entries; answers how many. */
  sweep(now: number): Promise<number>;
  close(): Promise<void>;
}

export type Begin =
  /** The first call answered: send its answer again, touch nothing upstream. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used with another body (or tool). */
  | { kind: 'reused' }
  /** The first call still runs. */
  | { kind: 'in_progress' }
  /**
   * This call holds the key. `fresh`: nothing was sent under it, run the whole write. `reconcile`: a write under
   * it may have reached the venue (its call died or lost the answer): look it up, never send.
   */
  | { kind: 'claimed'; ticket: KeyTicket; resume: 'fresh' | 'reconcile' };

export interface KeyTiming {
  /** How long a holder's call may run before another caller may take the key over. */
  leaseMs: number;
  /** How long a key is remembered. */
  ttlMs: number;
  /** WRITE_LOOKUP_WINDOW_MS: how long after a send ended a venue is given to show the order before "none" holds. */
  lookupWindowMs: number;
}

/** Takeovers lost to another caller before this one gives up with "in progress". */
const TAKEOVER_TRIES = 3;

/** The Idempotency-Key protocol over a backend: claim, take over an abandoned key, complete, release. */
export class IdempotencyKeys {
  constructor(
    readonly backend: KeyBackend,
    private readonly timing: KeyTiming,
    /** The clock of the stamps tickets write (`sendEndedBy`); the pipeline's `now`. */
    private readonly now: () => number = Date.now,
  ) {}

  async begin(
    scope: { actor: string; key: string },
    fingerprint: string,
    clientOrderId: string,
    now: number,
  ): Promise<Begin> {
    const id = `${scope.actor}:${scope.key}`;
    const claim = (state: KeyEntry['state'], expiresAt: number): KeyEntry => ({
      owner: randomUUID(),
      fingerprint,
      clientOrderId,
      state,
      leaseUntil: now + this.timing.leaseMs,
      expiresAt,
    });
    const ticket = (entry: KeyEntry) => new KeyTicket(this.backend, id, entry, this.timing, this.now);
    for (let tries = 0; tries < TAKEOVER_TRIES; tries++) {
      const fresh = claim('running', now + this.timing.ttlMs);
      const existing = await this.backend.insertIfAbsent(id, fresh, now);
      if (!existing) return { kind: 'claimed', ticket: ticket(fresh), resume: 'fresh' };
      if (existing.fingerprint !== fingerprint) return { kind: 'reused' };
      if (existing.state === 'done' && existing.answer) return { kind: 'replay', answer: existing.answer };
      if (existing.leaseUntil > now) return { kind: 'in_progress' };
      // The holder's lease ran out (its process died, or its answer was lost): take the key over, keeping
      // its state, so a write that may have been sent is reconciled rather than sent again. Its call is over,
      // so a send it made ended by now: the bound for a holder that died mid-send or an entry without one.
      const taken: KeyEntry = {
        ...claim(existing.state, existing.expiresAt),
        clientOrderId: existing.clientOrderId,
        ...(existing.state === 'sent' ? { sendEndedBy: existing.sendEndedBy ?? now } : {}),
      };
      if (await this.backend.replace(id, existing.owner, taken)) {
        return {
          kind: 'claimed',
          ticket: ticket(taken),
          resume: existing.state === 'sent' ? 'reconcile' : 'fresh',
        };
      }
    }
    return { kind: 'in_progress' };
  }
}

/**
 * The hold of one call on one key. Its writes fail quietly (false) when the key was taken over meanwhile:
 * the taker reconciles by client order id, so nothing is lost by not overwriting its record.
 */
export class KeyTicket {
  constructor(
    private readonly backend: KeyBackend,
    private readonly id: string,
    private entry: KeyEntry,
    private readonly timing: Pick<KeyTiming, 'lookupWindowMs'>,
    private readonly now: () => number,
  ) {}

  get clientOrderId(): string {
    return this.entry.clientOrderId;
  }

  /**
   * Whether a lookup started at `lookedAt` that found no order shows the write never reached the venue: the
   * lookup window had passed since the last send under the key ended. Unknown end: never.
   */
  neverArrived(lookedAt: number): boolean {
    const ended = this.entry.sendEndedBy;
    return ended !== undefined && lookedAt >= ended + this.timing.lookupWindowMs;
  }

  /** Before the send: from here on a taker must reconcile. Durable before the write leaves. */
  markSent(): Promise<boolean> {
    // A new send: the end of an earlier one no longer bounds anything.
    const { sendEndedBy: _, ...entry } = this.entry;
    return this.set({ ...entry, state: 'sent' });
  }

  /** The final answer, replayed to every repeat until the key expires. */
  complete(answer: StoredAnswer): Promise<boolean> {
    return this.set({ ...this.entry, state: 'done', leaseUntil: 0, answer });
  }

  /**
   * The outcome stays unknown: the next repeat reconciles at once (lease ended) instead of waiting. This call's
   * send, if it made one, has ended: the lookup window counts from now, or from an earlier end already known.
   */
  leaveUnknown(): Promise<boolean> {
    const sendEndedBy = this.entry.sendEndedBy ?? this.now();
    return this.set({ ...this.entry, state: 'sent', leaseUntil: 0, sendEndedBy });
  }

  /** Nothing was sent and the answer is not final (409, 429, 5xx): forget the key so a repeat runs afresh. */
  release(): Promise<void> {
    return this.backend.remove(this.id, this.entry.owner);
  }

  private async set(next: KeyEntry): Promise<boolean> {
    const stored = await this.backend.replace(this.id, this.entry.owner, next);
    if (stored) this.entry = next;
    return stored;
  }
}
