import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The gauge register, and the gauge that took each measurement. `measurements.gauge_id` stays
 * nullable: rows recorded before this migration, and clients that do not send a gauge, have none
 * (docs/decisions.md, "Gauges"). `taken_at` is the station's time of the reading, against which the
 * gauge's calibration and service state are checked, so a part queued offline is judged by when it
 * was measured, not by when it arrived. The service interval (`in_service_from`,
 * `out_of_service_from`) answers "was this gauge in service at that time".
 */
export function gaugesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('gauges');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('resolution', 'double precision', (c) => c.notNull())
        .addColumn('serial_number', 'text', (c) => c.notNull().defaultTo(''))
        // Calendar dates (YYYY-MM-DD): calibration certificates carry days, not instants.
        .addColumn('calibrated_on', 'text', (c) => c.notNull())
        .addColumn('calibration_due', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('in_service_from', 'text')
        .addColumn('out_of_service_from', 'text')
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('measurements')
        .addColumn('gauge_id', 'integer', (c) => c.references('gauges.id'))
        .execute();
      await db.schema.alterTable('measurements').addColumn('taken_at', 'text').execute();
      // "Which parts did this gauge measure?" is the first question when a gauge fails its calibration.
      await db.schema
        .createIndex('measurements_gauge')
        .on('measurements')
        .columns(['gauge_id', 'id'])
        .execute();
    },
  };
}
