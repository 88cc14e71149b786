import { badRequest } from '@app/kit';
import { DecodeSlots } from './decode-slots.js';

/** Spec Limits: thumbnails fit inside 200x200 pixels. */
export const THUMBNAIL_SIZE = 200;
/**
 * Largest picture decoded, in pixels: 50 MP covers a 48 MP phone photo or a scanned A3 drawing at
 * 300 dpi; a 10,000 x 10,000 picture (100 MP) is refused before any pixel is allocated. The report's
 * logo is decoded under the same bound and slots (docs/configuration.md, MAX_UPLOAD_SIZE_MB).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Pictures decoded at once in this process (thumbnails, report logos); the rest wait their turn. */
export const DECODE_CONCURRENCY = 2;
export const imageDecodes = new DecodeSlots(DECODE_CONCURRENCY);

/**
 * Writes a thumbnail of `source` to `target` in the format its extension names, keeping the aspect
 * ratio and never enlarging. EXIF orientation is applied so phone photos stand upright. Fails with
 * 400 when the bytes look like an image but do not decode.
 */
export async function writeThumbnail(source: string, target: string): Promise<void> {
  // Loaded on first use: libvips is resident memory a server that never thumbnails need not carry.
  const { default: sharp } = await import('sharp');
  try {
    await imageDecodes.run(() =>
      sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .toFile(target),
    );
  } catch (error) {
    throw Object.assign(badRequest('The image could not be decoded'), { cause: error });
  }
}
