import type { Kysely, Migration } from 'kysely';

/**
 * A measurement taken against a version that is no longer current is only stored as a back-entry, and the
 * reason given for it is kept with the row (issue 46, item 9). Null for every ordinary measurement, so
 * existing rows need nothing; `text` is the same in both dialects.
 */
export const measurementBackEntryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('measurements').addColumn('back_entry_reason', 'text').execute();
  },
};
