import { readFile, writeFile } from 'node:fs/promises';
import { badRequest } from '@app/kit';
import { type FileStore, LOGOS_DIR, type ReceivedFile } from './file-store.js';
import { detectRasterLogoType, mayBeSvg } from './file-types.js';
import { assertImageWithinBounds, MAX_INPUT_PIXELS } from './image-bounds.js';
import { type SanitizedSvg, SvgRejected, sanitizeSvgInSlices } from './svg-sanitizer.js';

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
    const { svg, removed, images } = await sanitize(await readFile(received.tempPath));
    // The size it renders at (width and height, else the viewBox), which reports rasterise it to, and
    // the pictures embedded in it, which the renderer decodes at their own size.
    await assertImageWithinBounds(Buffer.from(svg));
    await assertEmbeddedWithinBounds(images);
    await writeFile(sanitizedTemp, svg, { flag: 'wx', mode: 0o640 });
    await store.replaceLogo(`${LOGO_BASENAME}.svg`, sanitizedTemp);
    return { logo_path: `${LOGOS_DIR}/${LOGO_BASENAME}.svg`, file_size: Buffer.byteLength(svg), removed };
  } finally {
    await store.discard(received.tempPath);
    await store.discard(sanitizedTemp);
  }
}

/**
 * Each picture embedded as a data URL passes the same check as an upload, and together they may not
 * exceed it either: a renderer decodes every one of them.
 */
async function assertEmbeddedWithinBounds(images: string[]): Promise<void> {
  let total = 0;
  for (const url of images) {
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const { width, height } = await assertImageWithinBounds(bytes);
    total += width * height;
  }
  if (total > MAX_INPUT_PIXELS) {
    throw badRequest(
      `The pictures embedded in the SVG logo have ${total.toLocaleString('en-US')} pixels in all; ` +
        `at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} are accepted`,
      'IMAGE_TOO_LARGE',
      { pixels: total, max_pixels: MAX_INPUT_PIXELS },
    );
  }
}

async function sanitize(bytes: Buffer): Promise<SanitizedSvg> {
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
