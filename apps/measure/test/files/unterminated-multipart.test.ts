import { readdir, readlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { samplePdf } from '../support/sample-files.js';

const BOUNDARY = 'unterminated-boundary';

/** Sends `body` with a Content-Length equal to its size over a raw socket; resolves with what came back. */
function send(
  url: string,
  body: Buffer,
  auth = 'x-test-user: maker',
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.write(
      `POST /api/files/upload HTTP/1.1\r\nHost: ${hostname}\r\n${auth}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
  });
}

function fileHead(name: string): string {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    'Content-Type: application/pdf\r\n\r\n'
  );
}

/** A file part whose body simply stops: no CRLF and closing boundary after the bytes. */
const unterminated = (bytes: Buffer) => Buffer.concat([Buffer.from(fileHead('cut.pdf')), bytes]);

/** A well-formed body whose PDF has `extra` bytes after the sample's. */
const complete = (extra: number) =>
  Buffer.concat([
    Buffer.from(fileHead('big.pdf')),
    samplePdf,
    Buffer.alloc(extra, 1),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

/** Descriptors of this process (the test server runs in it) that point into `dir`. */
async function descriptorsInto(dir: string): Promise<number> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    fds.map((fd) => readlink(path.join('/proc/self/fd', fd)).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(dir)).length;
}

describe.each(STORE_KINDS)('multipart bodies that do not end properly on the %s store', (kind) => {
  let h: FilesHarness;
  beforeAll(async () => {
    h = await startFilesApp(1024 * 1024, kind);
  });
  afterAll(() => h.close());

  it('answers 20 bodies without a closing boundary 400 each, leaving no temp file or descriptor', async () => {
    const before = await descriptorsInto(h.tempDir);
    for (let i = 0; i < 20; i++) {
      const res = await send(h.server.url, unterminated(samplePdf));
      expect(res.status).toBe(400);
      expect(res.text).toContain('Malformed multipart body');
    }
    expect(await h.paths('', true)).toEqual([]);
    expect(await descriptorsInto(h.tempDir)).toBe(before);
  });

  it('answers a body over the limit with a readable error before the connection closes', async () => {
    const res = await send(h.server.url, complete(9 * 1024 * 1024));
    expect(res.status).toBe(400);
    expect(res.text).toContain('larger than the upload limit');
    expect(await h.paths('', true)).toEqual([]);
  });
});

/** The whole service: real guards (an API key looked up in the database) before the body is read. */
describe.each(DIALECTS)('multipart bodies that do not end properly through the service on %s', (dialect) => {
  let h: Harness;
  let auth: string;
  let tempDir: string;
  beforeAll(async () => {
    h = await startMeasure(dialect, { MAX_UPLOAD_SIZE_MB: '8' });
    auth = `x-api-key: ${(await h.user(['Maker'])).key}`;
    tempDir = path.join(h.config.DATA_DIR, 'uploads', '.tmp');
  });
  afterAll(() => h?.close());

  it('answers 20 bodies without a closing boundary 400 each, leaving no temp file or descriptor', async () => {
    const before = await descriptorsInto(tempDir);
    for (let i = 0; i < 20; i++) {
      const res = await send(h.url, unterminated(samplePdf), auth);
      expect(res.status).toBe(400);
    }
    expect(await readdir(tempDir)).toEqual([]);
    expect(await descriptorsInto(tempDir)).toBe(before);
  });

  // The reset came in about one upload of five: several rounds, each must read its answer.
  it('answers 8-10 MB bodies over the 8 MB limit with a readable error, never a reset', async () => {
    for (const mb of [8.5, 9, 9.5, 10, 9, 10]) {
      const res = await send(h.url, complete(Math.round(mb * 1024 * 1024)), auth);
      expect(res.status).toBe(400);
      expect(res.text).toContain('larger than the upload limit');
    }
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('removes the temp file and closes it when the client stops sending and goes away', async () => {
    const before = await descriptorsInto(tempDir);
    const { hostname, port } = new URL(h.url);
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/files/upload HTTP/1.1\r\nHost: ${hostname}\r\n${auth}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n`,
    );
    socket.write(unterminated(samplePdf));
    await expect.poll(() => readdir(tempDir), { timeout: 5_000 }).toHaveLength(1);
    socket.destroy();
    await expect.poll(() => readdir(tempDir), { timeout: 5_000 }).toEqual([]);
    await expect.poll(() => descriptorsInto(tempDir), { timeout: 5_000 }).toBe(before);
  });
});
