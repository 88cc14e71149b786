import { badRequest } from '@app/kit';

/**
 * Largest picture decoded, in pixels: 50 MP covers a 48 MP phone photo or a scanned A3 drawing at
 * 300 dpi; a 10,000 x 10,000 picture (100 MP) is refused before any pixel is allocated. Every picture
 * the service decodes (task images, thumbnails, the logo, rasterised SVG) is held to it.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Refuses, with 400 naming the limit and the picture's size, an upload whose header claims more
 * pixels than MAX_INPUT_PIXELS. Only the header is read (an SVG is parsed, not rendered), in libuv's
 * thread pool, so a 249 KB PNG claiming 8000 x 8000 costs a millisecond, not a 256 MB decode. The
 * upload routes call this once on every picture they accept, so nothing decoded later can be larger.
 */
export async function assertImageWithinBounds(
  source: string | Buffer,
): Promise<{ width: number; height: number }> {
  // Loaded on first use: libvips is resident memory a server that never sees a picture need not carry.
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  try {
    // No pixel limit on reading the header: the figures are needed to say what was refused.
    ({ width, height } = await sharp(source, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw Object.assign(badRequest('The image could not be decoded'), { cause: error });
  }
  if (!width || !height) throw badRequest('The image could not be decoded');
  const pixels = width * height;
  if (pixels > MAX_INPUT_PIXELS) {
    throw badRequest(
      `The image is ${width} x ${height} pixels (${megapixels(pixels)} MP); ` +
        `at most ${megapixels(MAX_INPUT_PIXELS)} MP (${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels) are accepted`,
      'IMAGE_TOO_LARGE',
      { width, height, pixels, max_pixels: MAX_INPUT_PIXELS },
    );
  }
  return { width, height };
}

const megapixels = (pixels: number) => (Math.round(pixels / 100_000) / 10).toString();
