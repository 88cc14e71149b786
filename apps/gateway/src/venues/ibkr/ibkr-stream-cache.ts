import { AppError } from '@app/kit';

export interface TickEntry {
  fields: Record<string, string>;
  updated: number;
  stale: boolean;
}

export interface DepthEntry {
  rows: { price: number; bid?: number; ask?: number; focus?: number }[];
  updated: number;
  stale: boolean;
}

/**
 * The last values per conid from the shared websocket: `smd` messages carry only changed fields, so they are
 * merged; a depth message replaces the ladder. After a reconnect everything is stale until fresh data comes.
 */
export class StreamCache {
  readonly ticks = new Map<number, TickEntry>();
  readonly depth = new Map<number, DepthEntry>();
  /** The last `system` heartbeat's server time and when it arrived (get_clock). */
  serverTime: { hb: number; at: number } | undefined;
  readonly #waiters = new Set<{ kind: 'tick' | 'depth'; conid: number; resolve: () => void }>();
  readonly #listeners = new Map<number, Set<(entry: TickEntry) => void>>();

  /** Pushes every merged tick of a conid to `listener` (a subscriber that wants deliveries, not polls). */
  listen(conid: number, listener: (entry: TickEntry) => void): () => void {
    let set = this.#listeners.get(conid);
    if (!set) {
      set = new Set();
      this.#listeners.set(conid, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  mergeTick(conid: number, message: Record<string, unknown>, at: number): void {
    const entry = this.ticks.get(conid) ?? { fields: {}, updated: at, stale: false };
    for (const [key, value] of Object.entries(message))
      if (/^\d+$/.test(key) && (typeof value === 'string' || typeof value === 'number'))
        entry.fields[key] = String(value);
    entry.updated = typeof message._updated === 'number' ? message._updated : at;
    entry.stale = false;
    this.ticks.set(conid, entry);
    this.#wake('tick', conid);
    const listeners = this.#listeners.get(conid);
    if (listeners) for (const listener of listeners) listener(entry);
  }

  setDepth(conid: number, data: unknown, at: number): void {
    if (!Array.isArray(data)) return;
    this.depth.set(conid, { rows: data as DepthEntry['rows'], updated: at, stale: false });
    this.#wake('depth', conid);
  }

  markAllStale(): void {
    for (const entry of this.ticks.values()) entry.stale = true;
    for (const entry of this.depth.values()) entry.stale = true;
  }

  forget(kind: 'tick' | 'depth', conid: number): void {
    (kind === 'tick' ? this.ticks : this.depth).delete(conid);
  }

  waitFresh(kind: 'tick' | 'depth', conid: number, timeoutMs: number): Promise<void> {
    const entry = kind === 'tick' ? this.ticks.get(conid) : this.depth.get(conid);
    if (entry && !entry.stale) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        kind,
        conid,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(
          new AppError(504, 'STREAM_NO_DATA', `no ${kind} data for conid ${conid} within ${timeoutMs} ms`, {
            retryable: true,
            details: { conid, kind },
          }),
        );
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  #wake(kind: 'tick' | 'depth', conid: number): void {
    for (const waiter of this.#waiters)
      if (waiter.kind === kind && waiter.conid === conid) {
        this.#waiters.delete(waiter);
        waiter.resolve();
      }
  }
}
