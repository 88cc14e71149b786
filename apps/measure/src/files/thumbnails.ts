import { badRequest } from '@app/kit';
import { DecodeSlots } from './decode-slots.js';
import { MAX_INPUT_PIXELS } from './image-bounds.js';

/** Spec Limits: thumbnails fit inside 200x200 pixels. */
export const THUMBNAIL_SIZE = 200;
/** Defined beside the upload check (image-bounds.ts); thumbnails and report logos decode under it. */
export { MAX_INPUT_PIXELS };
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
