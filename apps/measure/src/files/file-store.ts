import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, forbidden, notFound } from '@app/kit';
import { detectUploadType, servedContentType } from './file-types.js';
import { writeThumbnail } from './thumbnails.js';
import { numberedName, realPathInside, resolveInside, sanitizeFileName } from './upload-paths.js';

/** Files being received live here until they are complete and valid; same file system as the target. */
const TEMP_DIR = '.tmp';
const THUMBNAILS_DIR = 'thumbnails';
const GENERAL_DIR = 'general';
export const LOGOS_DIR = 'logos';
/** Temp files older than this are leftovers of a crash and are removed at start. */
const STALE_TEMP_MS = 60 * 60 * 1000;
const MAX_DUPLICATES = 10_000;

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

/** Everything under DATA_DIR/uploads: receiving, placing, reading and deleting files safely. */
export class FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'uploads');
  }

  /** Creates the folders and clears temp files a crashed process left behind. */
  async init(now = Date.now()): Promise<void> {
    await mkdir(path.join(this.root, TEMP_DIR), { recursive: true });
    await mkdir(path.join(this.root, GENERAL_DIR), { recursive: true });
    for (const name of await readdir(path.join(this.root, TEMP_DIR))) {
      const file = path.join(this.root, TEMP_DIR, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => undefined);
    }
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
    try {
      await pipeline(source, counter, createWriteStream(tempPath, { flags: 'wx', mode: 0o640 }));
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

  /**
   * Checks the received bytes, then moves them to `uploads/<recipe>/<version>/` or
   * `uploads/general/` under a sanitised, de-duplicated name, with a thumbnail for images.
   * The temp file is consumed either way.
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
      const relativeDir = target ? `${target.recipeId}/${target.versionId}` : GENERAL_DIR;
      const dir = resolveInside(this.root, relativeDir);
      await mkdir(dir, { recursive: true });
      if (type.image) {
        thumbTemp = `${this.tempPath()}.${type.extensions[0]}`;
        await writeThumbnail(received.tempPath, thumbTemp);
      }
      const finalName = await this.linkUnique(received.tempPath, dir, name);
      const result: StoredFile = {
        file_path: `${relativeDir}/${finalName}`,
        file_type: type.mime,
        file_size: received.size,
      };
      if (thumbTemp) {
        try {
          await mkdir(path.join(dir, THUMBNAILS_DIR), { recursive: true });
          await rename(thumbTemp, path.join(dir, THUMBNAILS_DIR, finalName));
        } catch (error) {
          await this.discard(path.join(dir, finalName));
          throw error;
        }
        result.thumbnail_path = `${relativeDir}/${THUMBNAILS_DIR}/${finalName}`;
      }
      return result;
    } finally {
      await this.discard(received.tempPath);
      if (thumbTemp) await this.discard(thumbTemp);
    }
  }

  /** Opens a stored file for reading; 403 outside the upload root, 404 when missing or not a file. */
  async open(relative: string): Promise<OpenedFile> {
    const real = await this.existingPath(relative);
    const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch(mapMissing);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw notFound('File not found');
      const contentType = await servedContentType(real);
      return { stream: handle.createReadStream(), size: info.size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Deletes a stored file and its thumbnail. The company logo is managed by the settings route only. */
  async remove(relative: string): Promise<void> {
    if (relative.split('/')[0] === LOGOS_DIR) {
      throw forbidden('The company logo is replaced through POST /settings/logo, not deleted here');
    }
    const real = await this.existingPath(relative);
    const info = await stat(real).catch(mapMissing);
    if (!info.isFile()) throw notFound('File not found');
    await unlink(real).catch(mapMissing);
    await this.discard(path.join(path.dirname(real), THUMBNAILS_DIR, path.basename(real)));
  }

  /** A fresh, unguessable temp path in the upload root's temp folder. */
  tempPath(): string {
    return path.join(this.root, TEMP_DIR, `${randomBytes(12).toString('hex')}.part`);
  }

  private async existingPath(relative: string): Promise<string> {
    const absolute = resolveInside(this.root, relative);
    return realPathInside(this.root, absolute).catch(mapMissing);
  }

  /**
   * Gives the temp file its final name without ever replacing an existing file: link() fails
   * with EEXIST atomically, so two concurrent uploads of `a.png` become `a.png` and `a_1.png`.
   */
  private async linkUnique(tempPath: string, dir: string, name: string): Promise<string> {
    for (let n = 0; n < MAX_DUPLICATES; n++) {
      const candidate = numberedName(name, n);
      try {
        await link(tempPath, path.join(dir, candidate));
        return candidate;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw badRequest(`Too many files named ${name}`);
  }
}

function tooLarge(maxBytes: number) {
  const mb = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`;
  return badRequest(`File is larger than the upload limit of ${limit}`);
}

/** Missing files and folders are 404; anything else is unexpected and propagates. */
function mapMissing(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG') {
    throw notFound('File not found');
  }
  throw error;
}
