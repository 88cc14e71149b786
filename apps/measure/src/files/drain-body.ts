import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and dropped so the client can read the answer, and for how long. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
export const DRAIN_LIMIT_MS = 5_000;

/**
 * Reads and drops what is left of a request body we refuse, up to a byte and time bound. Answering while
 * the client is still sending and then closing the socket with its bytes unread makes the kernel send a
 * reset, and the client loses the error response (seen with 8–10 MB uploads over the limit). A body
 * beyond the bound is cut off as before, so a refused upload cannot hold the connection indefinitely.
 */
export function drainBody(
  raw: IncomingMessage,
  maxBytes = DRAIN_LIMIT_BYTES,
  maxMs = DRAIN_LIMIT_MS,
): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) done();
    };
    const timer = setTimeout(done, maxMs);
    // The multipart parser may still be piped in; it must not see these bytes.
    raw.unpipe();
    raw.on('data', onData).on('end', done).on('close', done).on('error', done);
    raw.resume();
  });
}
