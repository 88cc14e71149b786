import { constants } from 'node:fs';
import { link, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { badRequest, notFound } from '@app/kit';
import {
  FileStore,
  GENERAL_DIR,
  LOGOS_DIR,
  MAX_DUPLICATES,
  type OpenedFile,
  THUMBNAILS_DIR,
} from './file-store.js';
import { servedContentType } from './file-types.js';
import { numberedName, realPathInside, resolveInside } from './upload-paths.js';

/**
 * Files under DATA_DIR/uploads on this machine's disk: the store of a single instance on SQLite. The temp
 * folder is inside the upload root, on the same file system, so placing a file is one atomic link().
 */
export class DiskFileStore extends FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    super(dataDir);
    this.root = path.resolve(dataDir, 'uploads');
  }

  protected async initStorage(): Promise<void> {
    await mkdir(path.join(this.root, GENERAL_DIR), { recursive: true });
  }

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

  /** The upload is visible once linked; its thumbnail follows, and a failure there unlinks it again. */
  protected async saveUnique(dir: string, name: string, file: string, thumbnail?: string): Promise<string> {
    const folder = resolveInside(this.root, dir);
    await mkdir(folder, { recursive: true });
    const finalName = await this.linkUnique(file, folder, name);
    if (thumbnail) {
      try {
        await mkdir(path.join(folder, THUMBNAILS_DIR), { recursive: true });
        await rename(thumbnail, path.join(folder, THUMBNAILS_DIR, finalName));
      } catch (error) {
        await this.discard(path.join(folder, finalName));
        throw error;
      }
    }
    return finalName;
  }

  protected async removeStored(relative: string): Promise<void> {
    const real = await this.existingPath(relative);
    const info = await stat(real).catch(mapMissing);
    if (!info.isFile()) throw notFound('File not found');
    await unlink(real).catch(mapMissing);
    await this.discard(path.join(path.dirname(real), THUMBNAILS_DIR, path.basename(real)));
  }

  async replaceLogo(name: string, file: string): Promise<void> {
    const dir = path.join(this.root, LOGOS_DIR);
    await mkdir(dir, { recursive: true });
    await rename(file, path.join(dir, name));
  }

  async removeLogosExcept(keep: string): Promise<void> {
    const dir = path.join(this.root, LOGOS_DIR);
    for (const name of await readdir(dir)) {
      if (`${LOGOS_DIR}/${name}` !== keep) await this.discard(path.join(dir, name));
    }
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

/** Missing files and folders are 404; anything else is unexpected and propagates. */
function mapMissing(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG') {
    throw notFound('File not found');
  }
  throw error;
}
