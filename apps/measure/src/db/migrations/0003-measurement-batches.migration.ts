import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Idempotent batch submission: one row per client-generated `batch_id`, unique, written in the same
 * transaction as the batch's measurements, which point back at it through `measurements.batch_ref`.
 * A retried batch finds its row and gets the stored measurements back instead of a second copy.
 */
export function measurementBatchesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('measurement_batches');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('batch_id', 'text', (c) => c.notNull().unique())
        .addColumn('submitted_by', 'integer', (c) => c.notNull().references('users.id'))
        // SHA-256 of the batch's items as the server stores them: a reused id with other content is a 409.
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('measurements')
        .addColumn('batch_ref', 'integer', (c) => c.references('measurement_batches.id'))
        .execute();
      await db.schema.createIndex('measurements_batch_ref').on('measurements').column('batch_ref').execute();
    },
  };
}
