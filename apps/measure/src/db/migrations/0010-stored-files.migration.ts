import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Uploads, thumbnails and the company logo in PostgreSQL, so every instance on the database serves every
 * file (docs/decisions.md, "Uploads in PostgreSQL when several instances share it"). A file is one row
 * named by its path under the former upload root (`general/a.png`, `12/3/thumbnails/a.png`,
 * `logos/company_logo.svg`) and its bytes are ordered chunks of at most 512 KiB, written and read one at a
 * time, so neither direction holds a whole 50 MB drawing in memory. SQLite keeps the files on the local
 * disk beside its database file: there is no second instance to share them with, and this migration
 * creates nothing there.
 */
export function storedFilesMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('stored_files')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('stored_file_chunks')
        .addColumn('file_id', 'bigint', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('stored_file_chunks_pk', ['file_id', 'seq'])
        .execute();
      // Uploads are JPEG, PNG, GIF, WebP and PDF, already compressed: TOAST would try to compress every
      // chunk and give up. EXTERNAL stores them out of line as they are.
      await sql`alter table stored_file_chunks alter column data set storage external`.execute(db);
    },
  };
}
