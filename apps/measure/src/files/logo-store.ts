import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '@app/kit';
import type { FileStore, ReceivedFile } from './file-store.js';
import { LOGOS_DIR } from './file-store.js';
import { detectRasterLogoType, mayBeSvg } from './file-types.js';
import { SvgRejected, sanitizeSvgInSlices } from './svg-sanitizer.js';

/** An SVG is parsed in memory to sanitise it; a logo has no business being larger than this. */
export const MAX_SVG_LOGO_BYTES = 2 * 1024 * 1024;
const LOGO_BASENAME = 'company_logo';

export interface StoredLogo {
  /** Relative to the upload root, so `GET /api/files/<logo_path>` serves it. */
  logo_path: string;
  file_size: number;
  /** What the SVG sanitiser took out (empty for raster logos). */
  removed: string[];
}

/**
 * Puts a received logo at `uploads/logos/company_logo.<ext>`, replacing a logo of the same type in
 * one rename. Raster types are checked by magic bytes; anything else must parse as SVG and is
 * rewritten by the sanitiser. The temp file is consumed either way.
 */
export async function storeLogo(store: FileStore, received: ReceivedFile): Promise<StoredLogo> {
  const sanitizedTemp = store.tempPath();
  try {
    const dir = path.join(store.root, LOGOS_DIR);
    await mkdir(dir, { recursive: true });
    const raster = await detectRasterLogoType(received.tempPath);
    if (raster) {
      const ext = raster.extensions[0];
      await rename(received.tempPath, path.join(dir, `${LOGO_BASENAME}.${ext}`));
      return { logo_path: `${LOGOS_DIR}/${LOGO_BASENAME}.${ext}`, file_size: received.size, removed: [] };
    }
    if (!(await mayBeSvg(received.tempPath))) throw notALogo();
    if (received.size > MAX_SVG_LOGO_BYTES) {
      throw badRequest(`An SVG logo may be at most ${MAX_SVG_LOGO_BYTES / (1024 * 1024)} MB`);
    }
    const { svg, removed } = await sanitize(await readFile(received.tempPath));
    await writeFile(sanitizedTemp, svg, { flag: 'wx', mode: 0o640 });
    await rename(sanitizedTemp, path.join(dir, `${LOGO_BASENAME}.svg`));
    return { logo_path: `${LOGOS_DIR}/${LOGO_BASENAME}.svg`, file_size: Buffer.byteLength(svg), removed };
  } finally {
    await store.discard(received.tempPath);
    await store.discard(sanitizedTemp);
  }
}

/** Deletes logos of other types once the setting points at the new one. */
export async function removeOtherLogos(store: FileStore, keep: string): Promise<void> {
  const dir = path.join(store.root, LOGOS_DIR);
  for (const name of await readdir(dir)) {
    if (name.startsWith(`${LOGO_BASENAME}.`) && `${LOGOS_DIR}/${name}` !== keep) {
      await store.discard(path.join(dir, name));
    }
  }
}

async function sanitize(bytes: Buffer): Promise<{ svg: string; removed: string[] }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notALogo();
  }
  try {
    return await sanitizeSvgInSlices(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof SvgRejected) throw badRequest(`Invalid SVG logo: ${error.message}`);
    throw error;
  }
}

function notALogo() {
  return badRequest('Logo must be a JPEG, PNG, GIF, WebP or SVG image (checked by content)');
}
