import type { PendingBatch } from './pending-queue';

/** A part of the same recipe, lot and serial number measured before: on the server, or still in this station's queue. */
export interface EarlierPart {
  where: 'server' | 'queue';
  /** Values stored for it (server) or parts waiting to be sent (queue). */
  count: number;
  last_measured_at: string | null;
}

export interface PartKey {
  recipe_id: number;
  recipe_code: string;
  lot_number: string;
  serial_number: string;
}

/** The newest queued part with the same key, if the station holds one it has not sent yet. */
export function queuedPart(batches: readonly PendingBatch[], key: PartKey): EarlierPart | null {
  const same = batches.filter(
    (b) =>
      b.label.recipe_code === key.recipe_code &&
      b.label.lot_number === key.lot_number &&
      b.label.serial_number === key.serial_number,
  );
  if (same.length === 0) return null;
  const last =
    same
      .map((b) => b.created_at)
      .sort()
      .at(-1) ?? null;
  return { where: 'queue', count: same.length, last_measured_at: last };
}

/**
 * What the station knows about the part's serial number, kept in the draft so a reload resumes where it was:
 * asked and not yet answered (a reload asks again), no earlier part, an earlier part the operator has not
 * answered yet (Submit waits), one they kept on purpose, or no answer from the server (never blocking).
 */
export type SerialCheckState =
  | { state: 'pending' }
  | { state: 'clear' }
  | { state: 'duplicate'; earlier: EarlierPart }
  | { state: 'confirmed'; earlier: EarlierPart }
  | { state: 'unchecked' };

type ServerCheck = (key: PartKey) => Promise<{ measurement_count: number; last_measured_at: string | null }>;

/**
 * Whether the serial number was measured before in this lot. The queue is asked first (it knows parts the
 * server has not seen); a server that fails or does not answer leaves the serial unchecked, which blocks
 * nothing: the station must keep working, and the server keeps both parts, which the metrologist sees by serial.
 */
export async function checkSerial(
  key: PartKey,
  batches: readonly PendingBatch[],
  check: ServerCheck,
): Promise<SerialCheckState> {
  const queued = queuedPart(batches, key);
  if (queued) return { state: 'duplicate', earlier: queued };
  try {
    const stored = await check(key);
    return stored.measurement_count > 0
      ? {
          state: 'duplicate',
          earlier: {
            where: 'server',
            count: stored.measurement_count,
            last_measured_at: stored.last_measured_at,
          },
        }
      : { state: 'clear' };
  } catch {
    return { state: 'unchecked' };
  }
}
