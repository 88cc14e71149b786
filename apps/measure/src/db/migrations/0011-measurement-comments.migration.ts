import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A metrologist's comments on measurements ("tool changed before this part", "re-measured, same value"):
 * who wrote what and when, never edited or deleted, so they read as part of the point's record. Indexed by
 * measurement for the chart and the table.
 */
export function measurementCommentsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('measurement_comments');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('measurement_id', 'integer', (c) => c.notNull().references('measurements.id'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('measurement_comments_measurement')
        .on('measurement_comments')
        .columns(['measurement_id', 'id'])
        .execute();
    },
  };
}
