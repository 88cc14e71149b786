import zlib from 'node:zlib';
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

/**
 * A real, fully decodable black greyscale PNG of any size, compressed row by row so that making a
 * 10,000 x 10,000 picture costs about 100 KB of output and one row of input, not 100 MB.
 */
export async function blankPng(width: number, height: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  // Each row: filter byte 0 then `width` zero samples.
  const row = Buffer.alloc(width + 1);
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return pngOf(width, height, 0, Buffer.concat(out));
}

/**
 * A tiny PNG whose header claims `width` x `height` pixels: what a decompression bomb looks like
 * to the decoder before it allocates anything.
 */
export function pngClaiming(width: number, height: number): Buffer {
  return pngOf(width, height, 2, zlib.deflateSync(Buffer.alloc(1024)));
}

/** PNG chunks around compressed image data; colour type 0 is greyscale, 2 is RGB (8 bits each). */
function pngOf(width: number, height: number, colourType: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8); // 8 bits per sample, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
