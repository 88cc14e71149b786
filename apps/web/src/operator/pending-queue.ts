import type { MeasurementCreate } from '../api/types';

/**
 * Parts the operator has submitted but the server has not yet accepted. Every batch is written to
 * storage before the first attempt and removed only after the server answered 2xx, so a reload, a
 * crash or a network outage loses nothing. Failures that can heal (no answer, 401 until the operator
 * logs in again, 408, 429, 5xx) are retried with capped exponential backoff; any other 4xx means the
 * server will never take this batch as it is, so it is shown to the operator instead of retried forever.
 */

export interface BatchLabel {
  /** The operator who measured: the server records the caller as `measured_by`, so only their key may send it. */
  operator_id: number;
  operator_name: string;
  recipe_code: string;
  recipe_name: string;
  lot_number: string;
  serial_number: string;
  /** The recipe version the part was measured against, for the back-entry reason (absent in older queues). */
  version_number?: number;
}

export interface PendingBatch {
  /** A UUID made once when the part is queued and sent as `batch_id` on every attempt (idempotent on the server). */
  id: string;
  created_at: string;
  label: BatchLabel;
  measurements: MeasurementCreate[];
  attempts: number;
  next_attempt_at: number;
  state: 'waiting' | 'rejected';
  last_error?: { status: number; detail: string };
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The body of `POST /measurements/batch`. */
export interface BatchSubmission {
  batch_id?: string;
  measurements: MeasurementCreate[];
}

/** Throws an error with `status` (0 = no answer) and `detail`, optionally `retryAfter` seconds. */
export type SendBatch = (submission: BatchSubmission) => Promise<unknown>;

export interface QueueOptions {
  storage: QueueStorage;
  send: SendBatch;
  key?: string;
  now?: () => number;
  random?: () => number;
}

export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;

export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** Delay before attempt `attempts + 1`: doubling from 1 s, capped at 60 s, with jitter so stations do not retry in step. */
export function backoffDelay(attempts: number, random: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(exponential * (0.75 + random * 0.25));
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}

export class PendingQueue {
  private readonly storage: QueueStorage;
  private readonly send: SendBatch;
  private readonly key: string;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;

  constructor(options: QueueOptions) {
    this.storage = options.storage;
    this.send = options.send;
    this.key = options.key ?? 'measure.pendingBatches';
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  list(): PendingBatch[] {
    const raw = this.storage.getItem(this.key);
    if (!raw) return [];
    try {
      const parsed = JSON.parse(raw) as unknown;
      return Array.isArray(parsed) ? (parsed as PendingBatch[]) : [];
    } catch {
      return [];
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  enqueue(label: BatchLabel, measurements: MeasurementCreate[]): PendingBatch {
    const batch: PendingBatch = {
      id: newBatchId(),
      created_at: new Date(this.now()).toISOString(),
      label,
      measurements,
      attempts: 0,
      next_attempt_at: this.now(),
      state: 'waiting',
    };
    this.write([...this.list(), batch]);
    return batch;
  }

  /** Makes a waiting or rejected batch due now (the operator pressed "retry"). */
  retryNow(id: string): void {
    this.update(id, (batch) => ({ ...batch, state: 'waiting', next_attempt_at: this.now() }));
  }

  /** The connection is back (online event, reload, new login): waiting batches need not sit out their backoff. */
  wakeUp(operatorId: number): void {
    const sleeping = (batch: PendingBatch) =>
      batch.state === 'waiting' &&
      batch.label.operator_id === operatorId &&
      batch.next_attempt_at > this.now();
    if (this.list().some(sleeping)) {
      this.write(
        this.list().map((batch) => (sleeping(batch) ? { ...batch, next_attempt_at: this.now() } : batch)),
      );
    }
  }

  /** Only a batch the server refused may be discarded; waiting ones will still be sent. */
  discard(id: string): void {
    this.write(this.list().filter((batch) => !(batch.id === id && batch.state === 'rejected')));
  }

  /** Milliseconds until the operator's next waiting batch is due, or null when nothing of theirs waits. */
  nextDueIn(operatorId: number): number | null {
    const waiting = this.list().filter(
      (batch) => batch.state === 'waiting' && batch.label.operator_id === operatorId,
    );
    if (waiting.length === 0) return null;
    return Math.max(0, Math.min(...waiting.map((batch) => batch.next_attempt_at)) - this.now());
  }

  /**
   * Sends the operator's due batches, oldest first, with the operator's own key (the caller); another
   * operator's parts wait for them to sign in. One flush at a time, so a batch is never sent twice in parallel.
   */
  flush(operatorId: number): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.flushDue(operatorId).finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async flushDue(operatorId: number): Promise<void> {
    for (const batch of this.list()) {
      if (
        batch.state !== 'waiting' ||
        batch.label.operator_id !== operatorId ||
        batch.next_attempt_at > this.now()
      )
        continue;
      // Without a connection the next batch would fail the same way; wait for the backoff.
      if ((await this.attempt(batch)) === 0) return;
    }
  }

  /** Sends one batch; returns the failure's status (0 = no answer), or null when it was accepted. */
  private async attempt(batch: PendingBatch): Promise<number | null> {
    try {
      await this.send(submissionOf(batch));
      this.write(this.list().filter((other) => other.id !== batch.id));
      return null;
    } catch (error) {
      const marked = this.markAsBackEntry(batch, error);
      if (marked) return this.attempt(marked);
      const { status, detail, retryAfter } = describeFailure(error);
      const attempts = batch.attempts + 1;
      const retryable = isRetryable(status);
      this.update(batch.id, (current) => ({
        ...current,
        attempts,
        state: retryable ? 'waiting' : 'rejected',
        next_attempt_at: this.now() + backoffDelay(attempts, this.random(), retryAfter),
        last_error: { status, detail },
      }));
      return status;
    }
  }

  /**
   * A part queued before a new version was released was measured against the drawing the operator had:
   * the server refuses it (409 VERSION_NOT_CURRENT) until it is marked as a back-entry, and a refused part
   * must not wait for someone to discard it. So it is marked once, with a reason saying when and against
   * which version it was measured, kept in storage and sent again at once: nothing queued is lost. The
   * batch id stays: nothing of the refused attempt was stored (the batch is one transaction).
   */
  private markAsBackEntry(batch: PendingBatch, error: unknown): PendingBatch | null {
    const failure = error as { status?: unknown; code?: unknown };
    if (failure.status !== 409 || failure.code !== 'VERSION_NOT_CURRENT') return null;
    // already marked: the server refused it for another reason; shown to the operator, kept
    if (batch.measurements.every((m) => m.back_entry_reason)) return null;
    const reason = backEntryReason(batch);
    const marked = {
      ...batch,
      measurements: batch.measurements.map((m) => ({
        ...m,
        back_entry_reason: m.back_entry_reason ?? reason,
      })),
    };
    // stored before it is sent again, like every part: a reload now still finds it, already marked
    this.update(batch.id, () => marked);
    return marked;
  }

  private update(id: string, change: (batch: PendingBatch) => PendingBatch): void {
    this.write(this.list().map((batch) => (batch.id === id ? change(batch) : batch)));
  }

  private write(batches: PendingBatch[]): void {
    this.storage.setItem(this.key, JSON.stringify(batches));
    for (const listener of this.listeners) listener();
  }
}

/** The automatic back-entry reason: when the part was measured (queued) and against which version. */
export function backEntryReason(batch: PendingBatch): string {
  const version =
    batch.label.version_number === undefined
      ? `version id ${batch.measurements[0]?.version_id ?? '?'}`
      : `version ${batch.label.version_number}`;
  return `measured at ${batch.created_at} against ${version}, queued at the station before a newer version was current`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The server stores a batch_id once, so a retry whose first answer was lost is not recorded twice. Batches
 * queued by an older client have no UUID; they are sent as before, without one.
 */
export function submissionOf(batch: PendingBatch): BatchSubmission {
  return UUID.test(batch.id)
    ? { batch_id: batch.id, measurements: batch.measurements }
    : { measurements: batch.measurements };
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts, and a station reached over
 * plain http on the shop network is not one; `getRandomValues` is available everywhere.
 */
export function newBatchId(random: Crypto = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describeFailure(error: unknown): { status: number; detail: string; retryAfter?: number } {
  const failure = error as { status?: unknown; detail?: unknown; retryAfter?: unknown; message?: unknown };
  return {
    status: typeof failure.status === 'number' ? failure.status : 0,
    detail: typeof failure.detail === 'string' ? failure.detail : String(failure.message ?? error),
    retryAfter: typeof failure.retryAfter === 'number' ? failure.retryAfter : undefined,
  };
}
