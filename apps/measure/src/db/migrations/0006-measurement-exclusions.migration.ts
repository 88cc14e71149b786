import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A metrologist can take a measurement out of the statistics with an assignable cause (a gauge error, a
 * set-up piece) and put it back. Each exclusion is a row that is never deleted: reinstating it fills
 * `reinstated_*`, so the table is the audit trail of who excluded what, when and why, and who undid it.
 * At most one exclusion per measurement is active (partial unique index), which also makes a second,
 * concurrent exclusion of the same point fail instead of stacking.
 */
export function measurementExclusionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('measurement_exclusions');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('measurement_id', 'integer', (c) => c.notNull().references('measurements.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('excluded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('excluded_at', 'text', (c) => c.notNull())
        .addColumn('reinstated_by', 'integer', (c) => c.references('users.id'))
        .addColumn('reinstated_at', 'text')
        .addColumn('reinstate_note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('measurement_exclusions_active')
        .on('measurement_exclusions')
        .column('measurement_id')
        .unique()
        .where(sql.ref('reinstated_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('measurement_exclusions_measurement')
        .on('measurement_exclusions')
        .columns(['measurement_id', 'id'])
        .execute();
    },
  };
}
