import { readFile, writeFile } from 'node:fs/promises';
import { badRequest } from '@app/kit';
import { type FileStore, LOGOS_DIR, type ReceivedFile } from './file-store.js';
import { detectRasterLogoType, mayBeSvg } from './file-types.js';
import { assertImageWithinBounds } from './image-bounds.js';
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
 * Stores a received logo as `logos/company_logo.<ext>`, replacing a logo of the same type in one step.
 * Raster types are checked by magic bytes; anything else must parse as SVG and is rewritten by the
 * sanitiser. The temp file is consumed either way.
 */
export async function storeLogo(store: FileStore, received: ReceivedFile): Promise<StoredLogo> {
  const sanitizedTemp = store.tempPath();
  try {
    const raster = await detectRasterLogoType(received.tempPath);
    if (raster) {
      // Reports rasterise the logo: it is held to the same pixel bound as every other picture.
      await assertImageWithinBounds(received.tempPath);
      const name = `${LOGO_BASENAME}.${raster.extensions[0]}`;
      await store.replaceLogo(name, received.tempPath);
      return { logo_path: `${LOGOS_DIR}/${name}`, file_size: received.size, removed: [] };
    }
    if (!(await mayBeSvg(received.tempPath))) throw notALogo();
    if (received.size > MAX_SVG_LOGO_BYTES) {
      throw badRequest(`An SVG logo may be at most ${MAX_SVG_LOGO_BYTES / (1024 * 1024)} MB`);
    }
    const { svg, removed } = await sanitize(await readFile(received.tempPath));
    // The size it renders at (width and height, else the viewBox), which reports rasterise it to.
    await assertImageWithinBounds(Buffer.from(svg));
    await writeFile(sanitizedTemp, svg, { flag: 'wx', mode: 0o640 });
    await store.replaceLogo(`${LOGO_BASENAME}.svg`, sanitizedTemp);
    return { logo_path: `${LOGOS_DIR}/${LOGO_BASENAME}.svg`, file_size: Buffer.byteLength(svg), removed };
  } finally {
    await store.discard(received.tempPath);
    await store.discard(sanitizedTemp);
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
