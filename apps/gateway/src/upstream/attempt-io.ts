import type { Readable } from 'node:stream';

/**
 * What one attempt's I/O can end in below HTTP, and how a response body is read: within a size limit,
 * parsed as JSON when it is JSON. The attempt loop (undici-upstream.ts) decides what each outcome means.
 */

/** A failure below HTTP: `sent` says whether the request may have reached the upstream. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'too_large',
    readonly sent: boolean,
    cause: unknown,
  ) {
    super(kind, { cause });
  }
}

export const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

const ignore = () => undefined;

/**
 * Abandoning the body aborts the request; the stream's abort error has nobody left to hear it.
 * A module function, not a closure per call: under tsx (keepNames) every named closure is renamed
 * with Object.defineProperty when it is created, a microsecond or so each time.
 */
function abandon(body: Readable): void {
  body.on('error', ignore);
  body.destroy();
}

/**
 * The body as text, refused past maxBytes (declared or streamed). Read with
 * data/end listeners rather than `for await`: the async iterator cost about
 * 5 µs per upstream call in promises and generator steps.
 */
export function readLimited(
  body: Readable,
  maxBytes: number,
  headers: Record<string, string | string[] | undefined>,
): Promise<string> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    abandon(body);
    return Promise.reject(
      new TransportFailure('too_large', true, new Error(`content-length ${declared} > ${maxBytes}`)),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    body.on('data', (chunk: Buffer) => {
      // Chunks already read may still arrive after the refusal: abandon once.
      if (refused) return;
      size += chunk.length;
      if (size > maxBytes) {
        refused = true;
        abandon(body);
        reject(new TransportFailure('too_large', true, new Error(`body over ${maxBytes} bytes`)));
        return;
      }
      chunks.push(chunk);
    });
    body.on('end', () => resolve(Buffer.concat(chunks, size).toString('utf8')));
    // The deadline's abort or a reset ends the read; after a refusal it changes nothing.
    body.on('error', reject);
  });
}

/** JSON when it parses; otherwise the raw text, so a venue client can report what it got. */
export function parseBody(text: string, contentType: string): unknown {
  const looksJson = contentType.includes('json') || /^\s*[[{]/.test(text);
  if (!looksJson || text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
