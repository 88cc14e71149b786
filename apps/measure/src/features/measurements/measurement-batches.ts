import { createHash } from 'node:crypto';
import { conflict } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { type MeasurementRow, toMeasurement } from './measurements.repository.js';
import type { Measurement, MeasurementCreate } from './measurements.schema.js';

/**
 * An item as it will be stored: defaults applied, fields in one order, so equal content hashes equally.
 * gauge_id, taken_at and back_entry_reason are left out when absent (JSON.stringify drops undefined), so a batch stored
 * before they existed hashes as it did then and its retry is still recognised.
 */
export const normalizedItem = (item: MeasurementCreate) => ({
  subtask_id: item.subtask_id,
  version_id: item.version_id,
  value: item.value,
  lot_number: item.lot_number ?? '',
  serial_number: item.serial_number ?? '',
  input_method: item.input_method ?? 'manual',
  gauge_id: item.gauge_id,
  taken_at: item.taken_at,
  back_entry_reason: item.back_entry_reason,
});

/** SHA-256 of the normalised items, in their order: a retry of the same part has the same hash. */
export function contentHash(items: MeasurementCreate[]): string {
  return createHash('sha256')
    .update(JSON.stringify(items.map(normalizedItem)))
    .digest('hex');
}

export const batchesRepository = {
  findByBatchId: (db: Kysely<DB>, batchId: string) =>
    db.selectFrom('measurement_batches').selectAll().where('batch_id', '=', batchId).executeTakeFirst(),

  insert: (
    db: Kysely<DB>,
    values: {
      batch_id: string;
      submitted_by: number;
      content_hash: string;
      item_count: number;
      created_at: string;
    },
  ) => db.insertInto('measurement_batches').values(values).returning('id').executeTakeFirstOrThrow(),

  measurementsOf: (db: Kysely<DB>, batchRef: number): Promise<MeasurementRow[]> =>
    db.selectFrom('measurements').selectAll().where('batch_ref', '=', batchRef).orderBy('id').execute(),
};

/**
 * The answer to a batch whose id is already stored: the stored measurements when the same caller sends
 * the same content again (a retry whose first answer was lost), 409 for anything else.
 */
export async function replayBatch(
  db: Kysely<DB>,
  batchId: string,
  items: MeasurementCreate[],
  callerId: number,
): Promise<Measurement[] | undefined> {
  const stored = await batchesRepository.findByBatchId(db, batchId);
  if (!stored) return undefined;
  if (stored.submitted_by !== callerId) {
    throw conflict(`body.batch_id: batch ${batchId} was submitted by another user`, 'BATCH_ID_REUSED');
  }
  if (stored.content_hash !== contentHash(items)) {
    throw conflict(
      `body.batch_id: batch ${batchId} was already stored with different measurements`,
      'BATCH_ID_REUSED',
    );
  }
  return (await batchesRepository.measurementsOf(db, stored.id)).map(toMeasurement);
}
