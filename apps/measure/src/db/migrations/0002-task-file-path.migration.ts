import type { Kysely, Migration } from 'kysely';

/**
 * A task's image: the path the upload returned, relative to the upload root (docs/decisions.md). Nullable, so
 * tasks created before it simply have no image. Plain `add column` is the same statement on both dialects.
 */
export const taskFilePathMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tasks').addColumn('file_path', 'text').execute();
  },
};
