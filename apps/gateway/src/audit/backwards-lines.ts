import { open } from 'node:fs/promises';

const CHUNK = 64 * 1024;
/** A line longer than this is skipped rather than grown without bound; audit lines are a few hundred bytes. */
const MAX_LINE = 1024 * 1024;

/**
 * The lines of a file from last to first, reading fixed-size chunks from the
 * end, so memory stays at one chunk plus one line whatever the file size.
 * Reads the file as it was when opened; lines appended meanwhile are not seen.
 */
export async function* linesBackwards(path: string): AsyncGenerator<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    let position = (await handle.stat()).size;
    let carry: Buffer = Buffer.alloc(0);
    let oversized = false;
    while (position > 0) {
      const size = Math.min(CHUNK, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      let buffer = Buffer.concat([chunk, carry]);
      let newline = buffer.lastIndexOf(0x0a);
      while (newline !== -1) {
        const line = buffer.subarray(newline + 1);
        if (line.length > 0 && !oversized) yield line.toString('utf8');
        oversized = false;
        buffer = buffer.subarray(0, newline);
        newline = buffer.lastIndexOf(0x0a);
      }
      carry = buffer;
      if (carry.length > MAX_LINE) {
        carry = Buffer.alloc(0);
        oversized = true;
      }
    }
    if (carry.length > 0 && !oversized) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}
