/**
 * The company logo for report headers. pdfkit decodes a PNG on the event loop, on every report (an
 * 8000 x 8000 RGBA logo held it 8 to 18 s), so it is only ever given a small rendition: sharp scales
 * the stored logo (any accepted type) in libuv's thread pool, once per logo and process, and the
 * result is reused by every report until the logo changes. A missing, oversized or unreadable logo
 * never blocks a report: the header is drawn without it.
 */
import type { FileStore } from '../files/file-store.js';
import { imageDecodes, MAX_INPUT_PIXELS } from '../files/thumbnails.js';

/** Larger files are not logos; refusing them bounds the memory a report can take. */
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;
/**
 * The rendition's bounds: the header's logo box is 140 x 48 pt, and about 4 pixels per point stays
 * sharp in print. At most 120,000 pixels: pdfkit's decode of it takes a few milliseconds.
 */
export const LOGO_RENDITION = { width: 600, height: 200 };

/** The last logo seen and its rendition (the logo rarely changes; one entry is enough). */
let last: { source: Buffer; rendition: Buffer | null } | undefined;

/** The logo as a small PNG or JPEG for pdfkit, or null when there is none or it does not decode. */
export async function loadLogo(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes || bytes.length > MAX_LOGO_BYTES) return null;
  // A byte comparison of at most 10 MB: about a millisecond, against a decode of up to 50 MP.
  if (last?.source.equals(bytes)) return last.rendition;
  const rendition = await makeRendition(bytes);
  last = { source: bytes, rendition };
  return rendition;
}

async function makeRendition(bytes: Buffer): Promise<Buffer | null> {
  try {
    const { default: sharp } = await import('sharp');
    return await imageDecodes.run(async () => {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
      const { format, width = 0, height = 0 } = await image.metadata();
      // Small PNG and JPEG logos are embedded as they are, with no loss to a re-encoding.
      const small = width <= LOGO_RENDITION.width && height <= LOGO_RENDITION.height;
      if (small && (format === 'png' || format === 'jpeg')) return bytes;
      return await image
        .resize({ ...LOGO_RENDITION, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    });
  } catch {
    return null;
  }
}

/**
 * The stored bytes of the logo setting (`company_logo_path`, relative to the upload root, as the logo
 * upload records it), or null when it is empty, missing, too large or names anything the file store
 * refuses: `..`, absolute paths, and on the disk store a symbolic link out of the upload folder.
 */
export async function readCompanyLogo(
  files: FileStore,
  setting: string | null | undefined,
): Promise<Buffer | null> {
  if (!setting || setting.includes('\u0000')) return null;
  return files.readSmall(setting, MAX_LOGO_BYTES).catch(() => null);
}
