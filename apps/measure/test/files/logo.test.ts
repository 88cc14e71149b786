import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { json, rawRequest, uploadFile } from '../support/http.js';
import { sampleImage, samplePdf } from '../support/sample-files.js';

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40" onload="alert('onload')">
  <script>alert('script')</script>
  <a xlink:href="javascript:alert('link')"><text x="0" y="20">click</text></a>
  <rect width="100" height="40" fill="#0a5" onclick="alert('click')"/>
  <image href="https://tracker.example/pixel.png"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
  <text x="5" y="30">ACME</text>
</svg>`;

describe.each(STORE_KINDS)('the company logo on the %s store', (kind) => {
  let h: FilesHarness;
  let logoUrl: string;

  beforeAll(async () => {
    h = await startFilesApp(undefined, kind);
    logoUrl = `${h.server.url}/api/settings/logo`;
  });
  afterAll(() => h.close());

  const logos = async () => (await h.paths('logos/')).map((file) => file.slice('logos/'.length));

  describe('POST /api/settings/logo', () => {
    it('stores a PNG as logos/company_logo.png and points the setting at it', async () => {
      const png = await sampleImage('png', 120, 40);
      const res = await uploadFile(logoUrl, { name: 'whatever.bin', bytes: png }, { user: 'admin' });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        message: 'Logo uploaded',
        logo_path: 'logos/company_logo.png',
        file_size: png.length,
      });
      expect(h.settings.get('company_logo_path')).toBe('logos/company_logo.png');
      expect(await h.read('logos/company_logo.png')).toEqual(png);
    });

    it('replaces a logo of another type and removes the old file', async () => {
      const jpeg = await sampleImage('jpeg', 120, 40);
      const res = await uploadFile(logoUrl, { name: 'logo.png', bytes: jpeg }, { user: 'admin' });
      expect((await json(res)).logo_path).toBe('logos/company_logo.jpg');
      expect(await logos()).toEqual(['company_logo.jpg']);
      expect(h.settings.get('company_logo_path')).toBe('logos/company_logo.jpg');
    });

    it('neutralises a hostile SVG and serves it with a script-blocking content-security policy', async () => {
      const res = await uploadFile(
        logoUrl,
        { name: 'logo.svg', bytes: Buffer.from(HOSTILE_SVG) },
        { user: 'admin' },
      );
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.logo_path).toBe('logos/company_logo.svg');
      expect(body.message).toMatch(/removed/);
      expect(await logos()).toEqual(['company_logo.svg']);
      expect(h.settings.get('company_logo_path')).toBe('logos/company_logo.svg');

      const stored = String(await h.read('logos/company_logo.svg'));
      expect(body.file_size).toBe(Buffer.byteLength(stored));
      expect(stored).not.toMatch(/script|onload|onclick|javascript:|alert|tracker|foreignObject/i);
      expect(stored).toContain('<text x="5" y="30">ACME</text>');
      expect(stored).toContain('fill="#0a5"');

      const served = await rawRequest(h.server.url, 'GET', '/api/files/logos/company_logo.svg', {
        'x-test-user': 'tec',
      });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.body.toString()).toBe(stored);
    });

    it.each([
      ['a PDF', samplePdf],
      ['plain text', Buffer.from('not a logo at all')],
      ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
      [
        'an SVG with entities',
        Buffer.from('<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
      ],
      ['invalid UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe])],
    ])('rejects %s with 400 and keeps the current logo', async (_name, bytes) => {
      const before = await logos();
      const res = await uploadFile(logoUrl, { name: 'logo.svg', bytes }, { user: 'admin' });
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toBeTruthy();
      expect(await logos()).toEqual(before);
      expect(h.settings.get('company_logo_path')).toBe('logos/company_logo.svg');
      expect(await readdir(h.tempDir)).toEqual([]);
    });

    it('keeps exactly one logo, the setting pointing at it, when uploads of different types race', async () => {
      const [png, gif] = [await sampleImage('png', 20, 20), await sampleImage('gif', 20, 20)];
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
      const results = await Promise.all(
        [png, gif, svg, png, gif].map((bytes) =>
          uploadFile(logoUrl, { name: 'l', bytes }, { user: 'admin' }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const remaining = await logos();
      expect(remaining).toHaveLength(1);
      expect(h.settings.get('company_logo_path')).toBe(`logos/${remaining[0]}`);
      // Leave an SVG logo for the tests below.
      expect((await uploadFile(logoUrl, { name: 'l.svg', bytes: svg }, { user: 'admin' })).status).toBe(200);
    });

    it('refuses an SVG nested 80,000 deep (560 KB) at once, health answering meanwhile', async () => {
      const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(80_000)}${'</g>'.repeat(80_000)}</svg>`;
      const before = await logos();
      const upload = uploadFile(logoUrl, { name: 'deep.svg', bytes: Buffer.from(deep) }, { user: 'admin' });
      const health = await fetch(`${h.server.url}/api/health`);
      expect(health.status).toBe(200);
      const res = await upload;
      expect(res.status).toBe(400);
      expect((await json(res)).detail).toMatch(/nested deeper than 256/);
      expect(await logos()).toEqual(before);
    });

    it('is for administrators only; a Maker cannot delete the logo through the files route', async () => {
      const png = await sampleImage('png', 10, 10);
      expect((await uploadFile(logoUrl, { name: 'l.png', bytes: png })).status).toBe(401);
      expect((await uploadFile(logoUrl, { name: 'l.png', bytes: png }, { user: 'maker' })).status).toBe(403);
      const del = await rawRequest(h.server.url, 'DELETE', '/api/files/logos/company_logo.svg', {
        'x-test-user': 'maker',
      });
      expect(del.status).toBe(403);
      expect(await logos()).toEqual(['company_logo.svg']);
    });
  });
});
