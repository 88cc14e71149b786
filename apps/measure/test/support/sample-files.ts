import sharp from 'sharp';

/** Real images of the given size and format, made on the fly. */
export async function sampleImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width = 800,
  height = 400,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

/** A minimal PDF: file-type recognises it by its `%PDF-` header. */
export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
