import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { badRequest, notFound } from '@app/kit';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.types.js';
import {
  FileStore,
  LOGOS_DIR,
  MAX_DUPLICATES,
  type OpenedFile,
  THUMBNAILS_DIR,
  thumbnailPathOf,
} from './file-store.js';
import { servedContentTypeOfHead } from './file-types.js';
import { checkedSegments, numberedName } from './upload-paths.js';

/** Bytes per stored chunk: a 50 MB drawing is 100 rows, and a transfer holds one or two chunks at a time. */
export const CHUNK_BYTES = 512 * 1024;

/**
 * Files in PostgreSQL (tables `stored_files` and `stored_file_chunks`, migration 0010), so any instance on
 * the database serves, thumbnails and deletes any upload. A file and its thumbnail are committed in one
 * transaction: until it commits no reader sees either, and a failed upload leaves no row behind.
 */
export class PgFileStore extends FileStore {
  constructor(
    dataDir: string,
    private readonly db: Kysely<DB>,
  ) {
    super(dataDir);
  }

  protected async initStorage(): Promise<void> {}

  async open(relative: string): Promise<OpenedFile> {
    checkedSegments(relative);
    const file = await this.db
      .selectFrom('stored_files')
      .select(['id', 'size'])
      .where('path', '=', relative)
      .executeTakeFirst();
    const head = file && (await this.chunk(file.id, 0));
    if (!file || !head) throw notFound('File not found');
    const contentType = await servedContentTypeOfHead(head, relative);
    // A byte stream (not the object mode Readable.from defaults to, which reads 16 chunks ahead), so
    // the next chunk is fetched only when the one before it has gone out to the client.
    const stream = Readable.from(this.chunks(file.id, file.size, head), {
      objectMode: false,
      highWaterMark: CHUNK_BYTES,
    });
    return { stream, size: file.size, contentType };
  }

  /**
   * `insert … on conflict do nothing` waits for a concurrent upload of the same name to commit or roll
   * back, then tells whether the name is free: two uploads of `a.png` become `a.png` and `a_1.png`.
   */
  protected async saveUnique(dir: string, name: string, file: string, thumbnail?: string): Promise<string> {
    checkedSegments(dir);
    return this.db.transaction().execute(async (trx) => {
      for (let n = 0; n < MAX_DUPLICATES; n++) {
        const candidate = numberedName(name, n);
        if (!(await storeAt(trx, `${dir}/${candidate}`, file))) continue;
        if (thumbnail) {
          const thumbPath = `${dir}/${THUMBNAILS_DIR}/${candidate}`;
          // A thumbnail left without its file (by an older version, say) is replaced.
          await trx.deleteFrom('stored_files').where('path', '=', thumbPath).execute();
          if (!(await storeAt(trx, thumbPath, thumbnail))) throw new Error(`${thumbPath} is taken`);
        }
        return candidate;
      }
      throw badRequest(`Too many files named ${name}`);
    });
  }

  protected async removeStored(relative: string): Promise<void> {
    checkedSegments(relative);
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('stored_files').where('path', '=', relative).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw notFound('File not found');
      await trx.deleteFrom('stored_files').where('path', '=', thumbnailPathOf(relative)).execute();
    });
  }

  async replaceLogo(name: string, file: string): Promise<void> {
    const logoPath = `${LOGOS_DIR}/${name}`;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_files').where('path', '=', logoPath).execute();
      // Logo changes hold a lock (exclusiveLogoChange): nothing can take the path in between.
      if (!(await storeAt(trx, logoPath, file))) throw new Error(`${logoPath} is taken`);
    });
  }

  async removeLogosExcept(keep: string): Promise<void> {
    await this.db
      .deleteFrom('stored_files')
      .where('path', 'like', `${LOGOS_DIR}/%`)
      .where('path', '<>', keep)
      .execute();
  }

  /**
   * The in-process queue, then a PostgreSQL advisory lock held on one connection of the pool: logo
   * changes through any instance on this schema run one at a time. The queue first keeps one
   * instance from tying up several connections waiting for the lock.
   */
  override exclusiveLogoChange<T>(task: () => Promise<T>): Promise<T> {
    return super.exclusiveLogoChange(() =>
      this.db.connection().execute(async (connection) => {
        const key = sql`hashtext('measure-logo:' || current_schema())`;
        await sql`select pg_advisory_lock(${key})`.execute(connection);
        try {
          return await task();
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(connection);
        }
      }),
    );
  }

  private async chunk(fileId: number, seq: number): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.data;
  }

  /**
   * One query per chunk, each on whichever pool connection is free: a slow download holds no connection
   * between chunks. A file deleted meanwhile ends the stream with an error (the response is cut off, so
   * the client cannot mistake the part it got for the whole file).
   */
  private async *chunks(fileId: number, size: number, head: Buffer): AsyncGenerator<Buffer> {
    yield head;
    let sent = head.length;
    for (let seq = 1; sent < size; seq++) {
      const data = await this.chunk(fileId, seq);
      if (!data)
        throw new Error(`stored file ${fileId} ended at ${sent} of ${size} bytes (deleted while read?)`);
      sent += data.length;
      yield data;
    }
  }
}

/**
 * Streams a local file into a new row at `path` and its chunk rows; false, with nothing written, when
 * the path is taken (after waiting for a concurrent transaction that holds it to end).
 */
async function storeAt(trx: Transaction<DB>, path: string, file: string): Promise<boolean> {
  const { size } = await stat(file);
  const row = await trx
    .insertInto('stored_files')
    .values({ path, size, created_at: new Date().toISOString() })
    .onConflict((c) => c.column('path').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  let seq = 0;
  for await (const data of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    await trx
      .insertInto('stored_file_chunks')
      .values({ file_id: row.id, seq: seq++, data: data as Buffer })
      .execute();
  }
  return true;
}
