/**
 * The company logo for report headers. PNG and JPEG are embedded as they are; SVG, WebP and GIF
 * (all accepted as uploads) are rasterised with sharp. A missing, oversized or unreadable logo
 * never blocks a report: the header is drawn without it.
 */
import type { FileStore } from '../files/file-store.js';
import { imageDecodes, MAX_INPUT_PIXELS } from '../files/thumbnails.js';

/** Larger files are not logos; refusing them bounds the memory a report can take. */
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;

const isPng = (b: Buffer) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** The logo as PNG or JPEG bytes for pdfkit, or null when there is none or it does not decode. */
export async function loadLogo(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes || bytes.length > MAX_LOGO_BYTES) return null;
  try {
    if (isPng(bytes) || isJpeg(bytes)) return bytes;
    // 600 px wide is sharp at the 140 pt the header gives the logo
    const { default: sharp } = await import('sharp');
    return await imageDecodes.run(() =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: 600, withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
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
