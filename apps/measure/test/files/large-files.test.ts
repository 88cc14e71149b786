import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../src/files/pg-file-store.js';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { json, rawRequest, uploadFile } from '../support/http.js';
import { samplePdf } from '../support/sample-files.js';

/** Several of the PostgreSQL store's chunks and a ragged end: every byte must come back in order. */
const SIZE = 3 * CHUNK_BYTES + 12_345;

describe.each(STORE_KINDS)('a drawing larger than one chunk on the %s store', (kind) => {
  let h: FilesHarness;
  beforeAll(async () => {
    h = await startFilesApp(4 * 1024 * 1024, kind);
  });
  afterAll(() => h.close());

  it('is stored, served byte for byte with its length, and deleted whole', async () => {
    const bytes = Buffer.concat([samplePdf, randomBytes(SIZE - samplePdf.length)]);
    const res = await uploadFile(
      `${h.server.url}/api/files/upload`,
      { name: 'big drawing.pdf', bytes },
      { user: 'maker' },
    );
    expect(res.status).toBe(200);
    const stored = await json(res);
    expect(stored).toMatchObject({ file_path: 'general/big_drawing.pdf', file_size: SIZE });
    const served = await rawRequest(h.server.url, 'GET', `/api/files/${stored.file_path}`, {
      'x-test-user': 'tec',
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-length']).toBe(String(SIZE));
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.body.equals(bytes)).toBe(true);

    const removed = await rawRequest(h.server.url, 'DELETE', `/api/files/${stored.file_path}`, {
      'x-test-user': 'maker',
    });
    expect(removed.status).toBe(204);
    expect(await h.read(stored.file_path)).toBeUndefined();
    expect(await h.paths('', true)).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'a file deleted while it is being read ends the read with an error, never a short file',
    async () => {
      const bytes = Buffer.concat([samplePdf, randomBytes(SIZE - samplePdf.length)]);
      const res = await uploadFile(
        `${h.server.url}/api/files/upload`,
        { name: 'going.pdf', bytes },
        { user: 'maker' },
      );
      const { file_path } = await json(res);
      const opened = await h.store.open(file_path);
      const reading = opened.stream[Symbol.asyncIterator]();
      await reading.next();
      await h.store.remove(file_path);
      const rest = async () => {
        while (!(await reading.next()).done);
      };
      await expect(rest()).rejects.toThrow(/deleted while read/);
    },
  );
});
