/**
 * The company logo for report headers. PNG and JPEG are embedded as they are; SVG, WebP and GIF
 * (all accepted as uploads) are rasterised with sharp. A missing, oversized or unreadable logo
 * never blocks a report: the header is drawn without it.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { imageDecodes, MAX_INPUT_PIXELS } from '../files/thumbnails.js';

/** Larger files are not logos; refusing them bounds the memory a report can take. */
export const MAX_LOGO_BYTES = 10 * 1024 * 1024;

const isPng = (b: Buffer) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** The logo as PNG or JPEG bytes, or null. `path` must already be resolved inside the data folder. */
export async function loadLogo(path: string | null): Promise<Buffer | null> {
  if (!path) return null;
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > MAX_LOGO_BYTES) return null;
    const bytes = await readFile(path);
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
 * The logo setting (`company_logo_path`, relative to the data folder, e.g. "uploads/logo.png") as an
 * absolute path, or null when it is empty, missing, or resolves — through "..", an absolute path or
 * a symbolic link — to anything outside `dataDir`.
 */
export async function resolveLogoPath(
  dataDir: string,
  setting: string | null | undefined,
): Promise<string | null> {
  if (!setting || setting.includes('\u0000')) return null;
  try {
    const root = await realpath(dataDir);
    const target = await realpath(resolve(root, setting));
    const inside = relative(root, target);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
    return target;
  } catch {
    return null;
  }
}
