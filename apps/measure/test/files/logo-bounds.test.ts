import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilesHarness, STORE_KINDS, startFilesApp } from '../support/files-app.js';
import { json, uploadFile } from '../support/http.js';
import { pngClaiming, sampleImage } from '../support/sample-files.js';

// Issue 46: the logo route accepted pictures of any pixel size and SVG of any shape, which every
// report (or the upload itself) then paid for on the event loop.
describe.each(STORE_KINDS)('the bounds of a company logo on the %s store', (kind) => {
  let h: FilesHarness;
  let logoUrl: string;

  // 4 MB: the 1.9 MB SVG must reach the sanitiser, not the upload size limit.
  beforeAll(async () => {
    h = await startFilesApp(4 * 1024 * 1024, kind);
    logoUrl = `${h.server.url}/api/settings/logo`;
    const png = await sampleImage('png', 120, 40);
    expect((await uploadFile(logoUrl, { name: 'l.png', bytes: png }, { user: 'admin' })).status).toBe(200);
  });
  afterAll(() => h.close());

  const unchanged = async () => {
    expect(await h.paths('logos/')).toEqual(['logos/company_logo.png']);
    expect(h.settings.get('company_logo_path')).toBe('logos/company_logo.png');
    expect(await h.paths('.tmp/', true)).toEqual([]);
  };

  it('refuses a PNG claiming 8000 x 8000 pixels (64 MP) from its header, naming the limit', async () => {
    const bytes = pngClaiming(8000, 8000);
    const res = await uploadFile(logoUrl, { name: 'huge.png', bytes }, { user: 'admin' });
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toBe(
      'The image is 8000 x 8000 pixels (64 MP); at most 50 MP (50,000,000 pixels) are accepted',
    );
    await unchanged();
  });

  it('refuses an SVG that renders at more than 50 MP, which reports would rasterise', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="6000"><rect width="9"/></svg>';
    const res = await uploadFile(logoUrl, { name: 'wide.svg', bytes: Buffer.from(svg) }, { user: 'admin' });
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toMatch(/10000 x 6000 pixels \(60 MP\); at most 50 MP/);
    await unchanged();
  });

  it('refuses an SVG embedding a PNG that claims 8000 x 8000 pixels, which a renderer would decode', async () => {
    const data = pngClaiming(8000, 8000).toString('base64');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><image width="100" height="40" href="data:image/png;base64,${data}"/></svg>`;
    const res = await uploadFile(logoUrl, { name: 'inner.svg', bytes: Buffer.from(svg) }, { user: 'admin' });
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toMatch(/8000 x 8000 pixels \(64 MP\); at most 50 MP/);
    await unchanged();
  });

  it('accepts an SVG embedding a small picture', async () => {
    const data = (await sampleImage('png', 20, 8)).toString('base64');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><image width="100" height="40" href="data:image/png;base64,${data}"/></svg>`;
    const res = await uploadFile(logoUrl, { name: 'inner.svg', bytes: Buffer.from(svg) }, { user: 'admin' });
    expect(res.status).toBe(200);
    // Back to the PNG the other tests expect.
    const png = await sampleImage('png', 120, 40);
    expect((await uploadFile(logoUrl, { name: 'l.png', bytes: png }, { user: 'admin' })).status).toBe(200);
  });

  it('refuses a 1.9 MB SVG with 190,000 attributes on one element for its attribute count', async () => {
    const attributes = Array.from(
      { length: 190_000 },
      (_, i) => ` a${i.toString(36).padStart(4, '0')}="1"`,
    ).join('');
    const bytes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"${attributes}></svg>`);
    expect(bytes.length).toBeGreaterThan(1_900_000);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadFile(logoUrl, { name: 'attrs.svg', bytes }, { user: 'admin' });
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toBe(
      'Invalid SVG logo: An element with more than 256 attributes is not accepted',
    );
    await unchanged();
  });
});
