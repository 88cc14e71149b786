import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, forbidden } from '@app/kit';
import { detectUploadType } from './file-types.js';
import { assertImageWithinBounds } from './image-bounds.js';
import { SerialQueue } from './serial-queue.js';
import { writeThumbnail } from './thumbnails.js';
import { sanitizeFileName } from './upload-paths.js';

/** Files being received live here until they are complete and valid (DATA_DIR/uploads/.tmp, local). */
const TEMP_DIR = '.tmp';
export const THUMBNAILS_DIR = 'thumbnails';
export const GENERAL_DIR = 'general';
export const LOGOS_DIR = 'logos';
/** Temp files older than this are leftovers of a crash and are removed at start. */
const STALE_TEMP_MS = 60 * 60 * 1000;
export const MAX_DUPLICATES = 10_000;

/** The spec's File upload result. */
export interface StoredFile {
  file_path: string;
  thumbnail_path?: string;
  file_type: string;
  file_size: number;
}

/** A complete upload sitting in the temp folder, not yet visible under any path. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Uploaded files, their thumbnails and the company logo, by path relative to the upload root
 * (`general/a.png`, `12/3/thumbnails/a.png`, `logos/company_logo.svg`). Receiving and checking an
 * upload happens here, in a local temp folder, the same for every store; where the checked bytes
 * then live is the subclass's business: the local disk (DiskFileStore, SQLite) or PostgreSQL
 * (PgFileStore), which every instance on the database shares.
 */
export abstract class FileStore {
  readonly tempDir: string;
  private readonly logoQueue = new SerialQueue();

  constructor(dataDir: string) {
    this.tempDir = path.resolve(dataDir, 'uploads', TEMP_DIR);
  }

  /** Opens a stored file for reading; 403 for a path outside the store's alphabet, 404 when missing. */
  abstract open(relative: string): Promise<OpenedFile>;
  /**
   * Makes `file` (and its thumbnail) visible as `<dir>/<first free numbered name>` (and
   * `<dir>/thumbnails/<that name>`), both or neither, never replacing anything; returns the name.
   */
  protected abstract saveUnique(dir: string, name: string, file: string, thumbnail?: string): Promise<string>;
  /** Deletes a stored file and its thumbnail; 404 when it is missing or not a file. */
  protected abstract removeStored(relative: string): Promise<void>;
  /** Puts `file` at `logos/<name>`, replacing what was there in one step. */
  abstract replaceLogo(name: string, file: string): Promise<void>;
  /** Deletes every logo but `keep` (a path such as `logos/company_logo.png`). */
  abstract removeLogosExcept(keep: string): Promise<void>;
  protected abstract initStorage(): Promise<void>;

  /** Creates the folders and clears temp files a crashed process left behind. */
  async init(now = Date.now()): Promise<void> {
    await mkdir(this.tempDir, { recursive: true });
    for (const name of await readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => undefined);
    }
    await this.initStorage();
  }

  /**
   * Streams an upload into a temp file while counting bytes. `isTruncated` tells whether the
   * multipart parser cut the stream at its size limit. Over the limit or on any stream error,
   * the temp file is removed before the error propagates, so nothing is left on disk.
   */
  async receive(source: Readable, maxBytes: number, isTruncated: () => boolean): Promise<ReceivedFile> {
    const tempPath = this.tempPath();
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) done(tooLarge(maxBytes));
        else done(null, chunk);
      },
    });
    // Created before streaming, then written without O_CREAT: a write stream destroyed while still
    // opening would otherwise create its file after the unlink below and leave it behind.
    await (await open(tempPath, 'wx', 0o640)).close();
    try {
      // When the body arrived whole while an async step ran (the PostgreSQL guard, the open above), a
      // missing closing boundary has already made the multipart plugin destroy this stream, without an
      // error; pipeline() would then wait forever for events that never come, holding the file open.
      if (source.destroyed && !source.readableEnded) throw badRequest('Malformed multipart body');
      await pipeline(source, counter, createWriteStream(tempPath, { flags: 'r+' }));
      if (isTruncated()) throw tooLarge(maxBytes);
      if (size === 0) throw badRequest('The uploaded file is empty');
      return { tempPath, size };
    } catch (error) {
      await this.discard(tempPath);
      throw error;
    }
  }

  /** Removes a temp file (or any file) if present. */
  async discard(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }

  /** A fresh, unguessable temp path in the local temp folder. */
  tempPath(): string {
    return path.join(this.tempDir, `${randomBytes(12).toString('hex')}.part`);
  }

  /**
   * Checks the received bytes, then stores them as `<recipe>/<version>/<name>` or `general/<name>`
   * under a sanitised, de-duplicated name, with a thumbnail for images. The temp file is consumed
   * either way.
   */
  async place(
    received: ReceivedFile,
    originalName: string,
    target?: { recipeId: number; versionId: number },
  ): Promise<StoredFile> {
    // The thumbnail's temp name carries the extension: sharp picks the output format from it.
    let thumbTemp: string | undefined;
    try {
      const type = await detectUploadType(received.tempPath);
      if (!type) throw badRequest('File type not allowed: JPEG, PNG, GIF, WebP or PDF (checked by content)');
      const name = sanitizeFileName(originalName, type.extensions);
      const dir = target ? `${target.recipeId}/${target.versionId}` : GENERAL_DIR;
      if (type.image) {
        await assertImageWithinBounds(received.tempPath);
        thumbTemp = `${this.tempPath()}.${type.extensions[0]}`;
        await writeThumbnail(received.tempPath, thumbTemp);
      }
      const finalName = await this.saveUnique(dir, name, received.tempPath, thumbTemp);
      const result: StoredFile = {
        file_path: `${dir}/${finalName}`,
        file_type: type.mime,
        file_size: received.size,
      };
      if (thumbTemp) result.thumbnail_path = `${dir}/${THUMBNAILS_DIR}/${finalName}`;
      return result;
    } finally {
      await this.discard(received.tempPath);
      if (thumbTemp) await this.discard(thumbTemp);
    }
  }

  /** Deletes a stored file and its thumbnail. The company logo is managed by the settings route only. */
  async remove(relative: string): Promise<void> {
    if (relative.split('/')[0] === LOGOS_DIR) {
      throw forbidden('The company logo is replaced through POST /settings/logo, not deleted here');
    }
    await this.removeStored(relative);
  }

  /**
   * Runs one change of the logo at a time, so two concurrent uploads of different types cannot each
   * delete the other's file and leave the setting pointing at nothing. In this process by default; the
   * PostgreSQL store adds a lock every instance on the database respects.
   */
  exclusiveLogoChange<T>(task: () => Promise<T>): Promise<T> {
    return this.logoQueue.run(task);
  }

  /** A stored file's bytes when it exists and is at most `maxBytes` long, else null (report logos). */
  async readSmall(relative: string, maxBytes: number): Promise<Buffer | null> {
    const file = await this.open(relative).catch(() => undefined);
    if (!file) return null;
    if (file.size > maxBytes) {
      file.stream.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** `dir/thumbnails/name` for `dir/name`. */
export function thumbnailPathOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return `${relative.slice(0, slash + 1)}${THUMBNAILS_DIR}/${relative.slice(slash + 1)}`;
}

function tooLarge(maxBytes: number) {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`;
  return badRequest(`File is larger than the upload limit of ${limit}`);
}
