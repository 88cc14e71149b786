import { access, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { json, rawRequest, uploadFile } from '../support/http.js';
import { sampleImage, samplePdf } from '../support/sample-files.js';

describe.each(STORE_KINDS)('file reads and deletes on the %s store', (kind) => {
  let h: FilesHarness;
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  const isStored = async (relative: string) => (await h.read(relative)) !== undefined;

  beforeAll(async () => {
    h = await startFilesApp(undefined, kind);
  });
  afterAll(() => h.close());

  async function upload(name: string, bytes: Uint8Array) {
    const res = await uploadFile(`${h.server.url}/api/files/upload`, { name, bytes }, { user: 'maker' });
    expect(res.status).toBe(200);
    return json(res);
  }

  describe('GET /api/files/*', () => {
    it('serves the stored bytes with the type from their content and safe headers, to any authenticated user', async () => {
      const png = await sampleImage('png', 30, 30);
      const stored = await upload('part.png', png);
      const res = await rawRequest(h.server.url, 'GET', `/api/files/${stored.file_path}`, {
        'x-test-user': 'tec',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(png);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-length']).toBe(String(png.length));
      expect(res.headers['content-disposition']).toBeUndefined();
      const thumb = await rawRequest(h.server.url, 'GET', `/api/files/${stored.thumbnail_path}`, {
        'x-test-user': 'tec',
      });
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/png');
    });

    it('serves a PDF as an application/pdf download under the sandbox CSP, never inline', async () => {
      const stored = await upload('drawing.pdf', samplePdf);
      const res = await rawRequest(h.server.url, 'GET', `/api/files/${stored.file_path}`, {
        'x-test-user': 'maker',
      });
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${stored.file_path.split('/').pop()}"`,
      );
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toEqual(samplePdf);
    });

    it('infers the type from the bytes, not the name, and sandboxes what it cannot identify', async () => {
      await h.plant('general/note.png', '<html><script>alert(1)</script></html>');
      const res = await rawRequest(h.server.url, 'GET', '/api/files/general/note.png', {
        'x-test-user': 'maker',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment; filename="note.png"');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('answers 401 without a user, 404 for a missing file or a folder', async () => {
      expect((await rawRequest(h.server.url, 'GET', '/api/files/general/none.png')).status).toBe(401);
      const missing = await rawRequest(h.server.url, 'GET', '/api/files/general/none.png', {
        'x-test-user': 'maker',
      });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body.toString()).detail).toBeTruthy();
      expect(
        (await rawRequest(h.server.url, 'GET', '/api/files/general', { 'x-test-user': 'maker' })).status,
      ).toBe(404);
      expect(
        (await rawRequest(h.server.url, 'GET', '/api/files/7/1/x.png', { 'x-test-user': 'maker' })).status,
      ).toBe(404);
    });
  });

  /** Each is sent byte for byte; none may reach a file outside the upload root, and none may give 500. */
  const TRAVERSALS = [
    '../../../../etc/passwd',
    'general/../../../etc/passwd',
    'general/..',
    '..',
    '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '%2E%2E/%2E%2E/etc/passwd',
    'general%2f..%2f..%2fsecret.txt',
    '%252e%252e%252fetc%252fpasswd',
    '/etc/passwd',
    '%2Fetc%2Fpasswd',
    '..%5c..%5cetc%5cpasswd',
    'general\\..\\..\\secret.txt',
    'general/a.png%00.txt',
    '%00',
    '.tmp/anything.part',
    'general/.hidden',
    `${'a/'.repeat(600)}x`,
  ];

  describe('path traversal', () => {
    beforeAll(async () => {
      await writeFile(path.join(h.dataDir, 'secret.txt'), 'top secret');
    });

    it.each(TRAVERSALS)('GET and DELETE %s → 403 with detail', async (attempt) => {
      for (const method of ['GET', 'DELETE']) {
        const res = await rawRequest(h.server.url, method, `/api/files/${attempt}`, {
          'x-test-user': 'maker',
        });
        expect(res.status, `${method} ${attempt}`).toBe(403);
        expect(JSON.parse(res.body.toString()).detail).toBeTruthy();
      }
      expect(await exists(path.join(h.dataDir, 'secret.txt'))).toBe(true);
    });

    // PostgreSQL has no links to follow.
    it.runIf(kind === 'disk')(
      'refuses symlinks that lead out of the upload root (403), file or folder',
      async () => {
        const uploads = h.uploads as string;
        await symlink(path.join(h.dataDir, 'secret.txt'), path.join(uploads, 'general', 'link.pdf'));
        await mkdir(path.join(uploads, '99'), { recursive: true });
        await symlink(h.dataDir, path.join(uploads, '99', '1'));
        for (const target of ['general/link.pdf', '99/1/secret.txt']) {
          for (const method of ['GET', 'DELETE']) {
            const res = await rawRequest(h.server.url, method, `/api/files/${target}`, {
              'x-test-user': 'maker',
            });
            expect(res.status, `${method} ${target}`).toBe(403);
          }
        }
        expect(await exists(path.join(h.dataDir, 'secret.txt'))).toBe(true);
      },
    );

    it.each(['%E0%A4%A', '..%c0%af..%c0%afetc%c0%afpasswd'])(
      'answers malformed or overlong percent-encoding (%s) with 400 and detail, never a 500',
      async (attempt) => {
        const res = await rawRequest(h.server.url, 'GET', `/api/files/${attempt}`, {
          'x-test-user': 'maker',
        });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body.toString()).detail).toBeTruthy();
      },
    );
  });

  describe('DELETE /api/files/*', () => {
    it('deletes the file and its thumbnail (204), then 404', async () => {
      const stored = await upload('gone.png', await sampleImage('png', 20, 20));
      expect(await isStored(stored.thumbnail_path)).toBe(true);
      const res = await rawRequest(h.server.url, 'DELETE', `/api/files/${stored.file_path}`, {
        'x-test-user': 'maker',
      });
      expect(res.status).toBe(204);
      expect(await isStored(stored.file_path)).toBe(false);
      expect(await isStored(stored.thumbnail_path)).toBe(false);
      const again = await rawRequest(h.server.url, 'DELETE', `/api/files/${stored.file_path}`, {
        'x-test-user': 'maker',
      });
      expect(again.status).toBe(404);
      const read = await rawRequest(h.server.url, 'GET', `/api/files/${stored.file_path}`, {
        'x-test-user': 'maker',
      });
      expect(read.status).toBe(404);
    });

    it('requires the Maker role and keeps the file otherwise', async () => {
      const stored = await upload('kept.pdf', samplePdf);
      expect((await rawRequest(h.server.url, 'DELETE', `/api/files/${stored.file_path}`)).status).toBe(401);
      for (const user of ['tec', 'admin']) {
        const res = await rawRequest(h.server.url, 'DELETE', `/api/files/${stored.file_path}`, {
          'x-test-user': user,
        });
        expect(res.status).toBe(403);
      }
      expect(await isStored(stored.file_path)).toBe(true);
    });

    it('answers 404 for a folder', async () => {
      const res = await rawRequest(h.server.url, 'DELETE', '/api/files/general', { 'x-test-user': 'maker' });
      expect(res.status).toBe(404);
    });
  });
});
