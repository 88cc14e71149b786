import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { setTimeout as tick } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { json, uploadFile } from '../support/http.js';
import { blankPng, pngClaiming, sampleImage, samplePdf } from '../support/sample-files.js';

const MAX_BYTES = 256 * 1024;
describe.each(STORE_KINDS)('uploads on the %s store', (kind) => {
  let h: FilesHarness;
  let uploadUrl: string;

  beforeAll(async () => {
    h = await startFilesApp(MAX_BYTES, kind);
    uploadUrl = `${h.server.url}/api/files/upload`;
  });
  afterAll(() => h.close());

  /** The upload temp files still on disk. */
  const temps = async () => (await readdir(h.tempDir).catch(() => [])).sort();

  describe('POST /api/files/upload', () => {
    it('stores a PNG under general/ with a thumbnail that fits 200x200 and keeps the aspect ratio', async () => {
      const png = await sampleImage('png', 800, 400);
      const res = await uploadFile(uploadUrl, { name: 'drawing.png', bytes: png }, { user: 'maker' });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body).toEqual({
        file_path: 'general/drawing.png',
        thumbnail_path: 'general/thumbnails/drawing.png',
        file_type: 'image/png',
        file_size: png.length,
      });
      expect(await h.read(body.file_path)).toEqual(png);
      const thumb = await sharp(await h.read(body.thumbnail_path)).metadata();
      expect(thumb.format).toBe('png');
      expect([thumb.width, thumb.height]).toEqual([200, 100]);
    });

    it.each([
      ['jpeg', 'photo.jpg', 'image/jpeg'],
      ['gif', 'anim.gif', 'image/gif'],
      ['webp', 'pic.webp', 'image/webp'],
    ] as const)('accepts %s and makes a bounded thumbnail of the same format', async (format, name, mime) => {
      const bytes = await sampleImage(format, 300, 900);
      const res = await uploadFile(uploadUrl, { name, bytes }, { user: 'maker' });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.file_type).toBe(mime);
      const thumb = await sharp(await h.read(body.thumbnail_path)).metadata();
      expect(thumb.format).toBe(format);
      expect(thumb.height).toBe(200);
      expect(thumb.width).toBeLessThanOrEqual(67);
    });

    it('does not enlarge small images', async () => {
      const res = await uploadFile(
        uploadUrl,
        { name: 'icon.png', bytes: await sampleImage('png', 40, 30) },
        { user: 'maker' },
      );
      const thumb = await sharp(await h.read((await json(res)).thumbnail_path)).metadata();
      expect([thumb.width, thumb.height]).toEqual([40, 30]);
    });

    it('accepts a PDF without a thumbnail', async () => {
      const res = await uploadFile(uploadUrl, { name: 'drawing.pdf', bytes: samplePdf }, { user: 'maker' });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body).toEqual({
        file_path: 'general/drawing.pdf',
        file_type: 'application/pdf',
        file_size: samplePdf.length,
      });
    });

    it('files uploads of a known recipe version under <recipe_id>/<version_id>/, fields before or after the file', async () => {
      const png = await sampleImage('png', 10, 10);
      const form = new FormData();
      form.append('file', new Blob([png]), 'part.png');
      form.append('recipe_id', '7');
      form.append('version_id', '2');
      const res = await fetch(uploadUrl, { method: 'POST', body: form, headers: { 'x-test-user': 'maker' } });
      expect(res.status).toBe(200);
      expect((await json(res)).file_path).toBe('7/2/part.png');
      expect(await h.paths('7/2/')).toEqual(
        expect.arrayContaining(['7/2/part.png', '7/2/thumbnails/part.png']),
      );
    });

    it('gives 404 for an unknown version and keeps nothing', async () => {
      const res = await uploadFile(
        uploadUrl,
        { name: 'x.pdf', bytes: samplePdf },
        {
          user: 'maker',
          fields: { recipe_id: '7', version_id: '9' },
        },
      );
      expect(res.status).toBe(404);
      expect((await json(res)).detail).toMatch(/not found/);
      expect(await h.paths('7/9/')).toEqual([]);
      expect(await temps()).toEqual([]);
    });

    it('needs both recipe_id and version_id or neither (400), and integers (422)', async () => {
      const one = await uploadFile(
        uploadUrl,
        { name: 'x.pdf', bytes: samplePdf },
        { user: 'maker', fields: { recipe_id: '7' } },
      );
      expect(one.status).toBe(400);
      for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999']) {
        const res = await uploadFile(
          uploadUrl,
          { name: 'x.pdf', bytes: samplePdf },
          {
            user: 'maker',
            fields: { recipe_id: bad, version_id: '1' },
          },
        );
        expect(res.status).toBe(422);
        expect((await json(res)).detail).toMatch(/recipe_id/);
      }
    });

    it('rejects a text file named .png by its content (400) and leaves nothing on disk', async () => {
      const before = await h.paths('', true);
      const res = await uploadFile(
        uploadUrl,
        { name: 'fake.png', bytes: Buffer.from('just some text, not an image\n'), type: 'image/png' },
        { user: 'maker' },
      );
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toMatch(/type/i);
      expect(await h.paths('', true)).toEqual(before);
    });

    it('rejects other real types (an SVG, an executable) even with an allowed extension', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
      expect((await uploadFile(uploadUrl, { name: 'logo.png', bytes: svg }, { user: 'maker' })).status).toBe(
        400,
      );
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]);
      expect((await uploadFile(uploadUrl, { name: 'tool.pdf', bytes: elf }, { user: 'maker' })).status).toBe(
        400,
      );
    });

    it('rejects a PNG header with an undecodable body (400) rather than storing a broken image', async () => {
      const png = await sampleImage('png', 50, 50);
      const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
      const before = await h.paths('', true);
      const res = await uploadFile(uploadUrl, { name: 'broken.png', bytes: broken }, { user: 'maker' });
      expect(res.status).toBe(400);
      expect(await h.paths('', true)).toEqual(before);
    });

    it('refuses a decompression bomb (a small PNG claiming 20000x20000 pixels) with 400', async () => {
      const before = await h.paths('', true);
      const res = await uploadFile(
        uploadUrl,
        { name: 'bomb.png', bytes: pngClaiming(20_000, 20_000) },
        { user: 'maker' },
      );
      expect(res.status).toBe(400);
      // Read from the header, before any decode: the same check and wording as the logo route.
      expect((await json(res)).detail).toBe(
        'The image is 20000 x 20000 pixels (400 MP); at most 50 MP (50,000,000 pixels) are accepted',
      );
      expect(await h.paths('', true)).toEqual(before);
    });

    it('refuses a real 10,000 x 10,000 PNG (100 MP, over the 50 MP decode limit) with 400', async () => {
      const before = await h.paths('', true);
      const huge = await blankPng(10_000, 10_000);
      const res = await uploadFile(uploadUrl, { name: 'huge.png', bytes: huge }, { user: 'maker' });
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toMatch(/10000 x 10000 pixels \(100 MP\)/);
      expect(await h.paths('', true)).toEqual(before);
      // The same kind of picture within the limit is a normal upload.
      const fine = await uploadFile(
        uploadUrl,
        { name: 'fine.png', bytes: await blankPng(2_000, 1_000) },
        { user: 'maker' },
      );
      expect(fine.status).toBe(200);
    });

    it('answers 400 (not 413) over the size limit and leaves nothing on disk', async () => {
      const before = await h.paths('', true);
      const big = Buffer.concat([samplePdf, Buffer.alloc(MAX_BYTES, 0x20)]);
      const res = await uploadFile(uploadUrl, { name: 'big.pdf', bytes: big }, { user: 'maker' });
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toMatch(/limit/);
      expect(await h.paths('', true)).toEqual(before);
    });

    it('leaves nothing behind when the client aborts mid-upload', async () => {
      const { hostname, port } = new URL(h.server.url);
      const request = http.request({
        hostname,
        port,
        method: 'POST',
        path: '/api/files/upload',
        headers: { 'x-test-user': 'maker', 'content-type': 'multipart/form-data; boundary=b0' },
      });
      request.on('error', () => undefined);
      request.write('--b0\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n\r\n');
      request.write(Buffer.concat([samplePdf, Buffer.alloc(64 * 1024, 0x20)]));
      // Wait until the server has started writing the temp file, then cut the connection.
      for (let i = 0; i < 200 && (await temps()).length === 0; i++) await tick(10);
      expect(await temps()).toHaveLength(1);
      request.destroy();
      for (let i = 0; i < 200 && (await temps()).length > 0; i++) await tick(10);
      expect(await temps()).toEqual([]);
      expect(await h.paths('general/')).not.toContain('general/cut.pdf');
    });

    it('accepts a file of exactly the size limit', async () => {
      const exact = Buffer.concat([samplePdf, Buffer.alloc(MAX_BYTES - samplePdf.length, 0x20)]);
      const res = await uploadFile(uploadUrl, { name: 'exact.pdf', bytes: exact }, { user: 'maker' });
      expect(res.status).toBe(200);
      expect((await json(res)).file_size).toBe(MAX_BYTES);
    });

    it('limits filenames to 255 characters', async () => {
      const long = `${'a'.repeat(252)}.pdf`;
      expect(long.length).toBe(256);
      const res = await uploadFile(uploadUrl, { name: long, bytes: samplePdf }, { user: 'maker' });
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toMatch(/255/);
      const ok = await uploadFile(uploadUrl, { name: long.slice(1), bytes: samplePdf }, { user: 'maker' });
      expect(ok.status).toBe(200);
      const stored = await json(ok);
      expect(stored.file_path.length).toBeLessThanOrEqual('general/'.length + 255);
      const read = await fetch(`${h.server.url}/api/files/${stored.file_path}`, {
        headers: { 'x-test-user': 'maker' },
      });
      expect(read.status).toBe(200);
    });

    it('sanitises names and gives them the extension of their real type', async () => {
      const cases: [string, string][] = [
        ['my drawing (rev B).pdf', 'general/my_drawing_rev_B_.pdf'],
        ['scan.exe', 'general/scan.pdf'],
        ['..\\..\\evil.pdf', 'general/evil.pdf'],
        ['.hidden.pdf', 'general/hidden.pdf'],
        ['Zeichnung-Maße.PDF', 'general/Zeichnung-Ma_e.pdf'],
      ];
      for (const [name, expected] of cases) {
        const res = await uploadFile(uploadUrl, { name, bytes: samplePdf }, { user: 'maker' });
        expect(res.status, name).toBe(200);
        expect((await json(res)).file_path).toBe(expected);
      }
    });

    it('numbers duplicates instead of overwriting, also when uploaded concurrently', async () => {
      const bytes = await sampleImage('png', 20, 20);
      const results = await Promise.all(
        [0, 1, 2].map(() => uploadFile(uploadUrl, { name: 'dup.png', bytes }, { user: 'maker' }).then(json)),
      );
      expect(results.map((r) => r.file_path).sort()).toEqual([
        'general/dup.png',
        'general/dup_1.png',
        'general/dup_2.png',
      ]);
      expect(results.map((r) => r.thumbnail_path).sort()).toEqual([
        'general/thumbnails/dup.png',
        'general/thumbnails/dup_1.png',
        'general/thumbnails/dup_2.png',
      ]);
    });

    it('needs exactly one file in the field `file`', async () => {
      const none = await uploadFile(uploadUrl, undefined, { user: 'maker', fields: { recipe_id: '7' } });
      expect(none.status).toBe(422);
      expect((await json(none)).detail).toMatch(/file/);
      const wrongField = await uploadFile(
        uploadUrl,
        { name: 'a.pdf', bytes: samplePdf },
        { user: 'maker', fileField: 'document' },
      );
      expect(wrongField.status).toBe(400);
      const form = new FormData();
      form.append('file', new Blob([samplePdf]), 'a.pdf');
      form.append('file', new Blob([samplePdf]), 'b.pdf');
      const two = await fetch(uploadUrl, { method: 'POST', body: form, headers: { 'x-test-user': 'maker' } });
      expect(two.status).toBe(400);
      const asJson = await fetch(uploadUrl, {
        method: 'POST',
        body: '{"file":"x"}',
        headers: { 'x-test-user': 'maker', 'content-type': 'application/json' },
      });
      expect(asJson.status).toBe(400);
      expect(await temps()).toEqual([]);
    });

    it.each([
      [
        'a truncated part',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
      ],
      ['no boundary', 'multipart/form-data', '--xyz\r\n\r\n'],
      ['an empty body', 'multipart/form-data; boundary=xyz', ''],
      ['garbage', 'multipart/form-data; boundary=xyz', 'not multipart at all'],
      ['a part without headers', 'multipart/form-data; boundary=xyz', '--xyz\r\n\r\nvalue\r\n--xyz--\r\n'],
    ])('answers 400 for a malformed multipart body: %s', async (_name, contentType, body) => {
      const res = await fetch(uploadUrl, {
        method: 'POST',
        body,
        headers: { 'x-test-user': 'maker', 'content-type': contentType },
      });
      expect([400, 422]).toContain(res.status);
      expect((await json(res)).detail).toBeTruthy();
      expect(await temps()).toEqual([]);
    });

    it('requires the Maker role: 401 without a user, 403 for other roles and for an admin without Maker', async () => {
      const file = { name: 'a.pdf', bytes: samplePdf };
      expect((await uploadFile(uploadUrl, file)).status).toBe(401);
      expect((await uploadFile(uploadUrl, file, { user: 'tec' })).status).toBe(403);
      expect((await uploadFile(uploadUrl, file, { user: 'admin' })).status).toBe(403);
    });
  });
});
