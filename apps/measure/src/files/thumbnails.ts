import { badRequest } from '@app/kit';

/** Spec Limits: thumbnails fit inside 200x200 pixels. */
export const THUMBNAIL_SIZE = 200;
/** Refuse decompression bombs long before they exhaust memory (about 10,000 x 10,000 pixels). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Writes a thumbnail of `source` to `target` in the format its extension names, keeping the aspect
 * ratio and never enlarging. EXIF orientation is applied so phone photos stand upright. Fails with
 * 400 when the bytes look like an image but do not decode.
 */
export async function writeThumbnail(source: string, target: string): Promise<void> {
  // Loaded on first use: libvips is resident memory a server that never thumbnails need not carry.
  const { default: sharp } = await import('sharp');
  try {
    await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toFile(target);
  } catch (error) {
    throw Object.assign(badRequest('The image could not be decoded'), { cause: error });
  }
}
