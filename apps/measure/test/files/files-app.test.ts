import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from '../helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { rawRequest } from '../support/http.js';
import { sampleImage, samplePdf } from '../support/sample-files.js';

/** Files through the whole service: real guards, recipe versions from the database, the real DATA_DIR. */
describe.each(DIALECTS)('files in the measurement service on %s', (dialect) => {
  let h: Harness;
  let maker: { key: string };
  let tec: { key: string };
  let recipe: { id: number; current_version: { id: number } };
  let other: { id: number; current_version: { id: number } };
  let png: Buffer;

  beforeAll(async () => {
    h = await startMeasure(dialect, { MAX_UPLOAD_SIZE_MB: '1' });
    maker = await h.user(['Maker']);
    tec = await h.user(['MeasurementTec']);
    recipe = await recipeWithTask(h, maker.key);
    other = await recipeWithTask(h, maker.key);
    png = await sampleImage('png', 640, 320);
  });
  afterAll(() => h?.close());

  const form = (bytes: Uint8Array, name: string, fields: Record<string, number> = {}) => {
    const body = new FormData();
    for (const [field, value] of Object.entries(fields)) body.append(field, String(value));
    body.append('file', new Blob([new Uint8Array(bytes)]), name);
    return body;
  };
  const upload = (bytes: Uint8Array, name: string, fields?: Record<string, number>, key = maker.key) =>
    h.call('POST', '/api/files/upload', { key, form: form(bytes, name, fields) });
  const download = (path: string, key = tec.key) =>
    fetch(`${h.url}/api/files/${path}`, { headers: { 'x-api-key': key } });

  it('uploads a task image under its recipe version, serves it to any user, then deletes it with its thumbnail', async () => {
    const ids = { recipe_id: recipe.id, version_id: recipe.current_version.id };
    const stored = await upload(png, 'outer ring.png', ids);
    expect(stored.status).toBe(200);
    const dir = `${recipe.id}/${recipe.current_version.id}`;
    expect(stored.body).toEqual({
      file_path: `${dir}/outer_ring.png`,
      thumbnail_path: `${dir}/thumbnails/outer_ring.png`,
      file_type: 'image/png',
      file_size: png.length,
    });

    const image = await download(stored.body.file_path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await download(stored.body.thumbnail_path)).status).toBe(200);

    // the same name again is numbered, never overwritten
    expect((await upload(png, 'outer ring.png', ids)).body.file_path).toBe(`${dir}/outer_ring_1.png`);

    const removed = await h.call('DELETE', `/api/files/${stored.body.file_path}`, { key: maker.key });
    expect(removed.status).toBe(204);
    expect((await download(stored.body.file_path)).status).toBe(404);
    expect((await download(stored.body.thumbnail_path)).status).toBe(404);
    expect((await download(`${dir}/outer_ring_1.png`)).status).toBe(200);
  });

  it('files an upload only under a version that belongs to the recipe', async () => {
    const foreign = await upload(png, 'a.png', {
      recipe_id: recipe.id,
      version_id: other.current_version.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toMatch(/version/i);
    const missing = await upload(png, 'a.png', { recipe_id: 2_000_000_000, version_id: 1 });
    expect(missing.status).toBe(404);
    const half = await upload(png, 'a.png', { recipe_id: recipe.id });
    expect(half.status).toBe(400);
    const general = await upload(samplePdf, 'drawing.pdf');
    expect(general.body).toMatchObject({ file_path: 'general/drawing.pdf', file_type: 'application/pdf' });
  });

  it('refuses text posing as a PNG, files over MAX_UPLOAD_SIZE_MB, and callers without the Maker role', async () => {
    const fake = await upload(Buffer.from('just text, not an image'), 'fake.png');
    expect(fake.status).toBe(400);
    const big = await upload(Buffer.alloc(1024 * 1024 + 1, 1), 'big.pdf');
    expect(big.status).toBe(400);
    expect(big.body.detail).toMatch(/1 MB/);
    expect((await upload(png, 'a.png', undefined, tec.key)).status).toBe(403);
  });

  it('never serves anything outside the upload folder, such as the SQLite file beside it', async () => {
    const key = { 'x-api-key': tec.key };
    for (const path of [
      '/api/files/..%2fmeasure.sqlite',
      '/api/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/files/general%2f..%2f..%2fmeasure.sqlite',
      '/api/files/..%5cmeasure.sqlite',
    ]) {
      const res = await rawRequest(h.url, 'GET', path, key);
      expect([403, 404], path).toContain(res.status);
      expect(JSON.parse(res.body.toString()).detail, path).toBeTypeOf('string');
    }
    expect((await rawRequest(h.url, 'GET', '/api/files/..%2fmeasure.sqlite', key)).status).toBe(403);
    expect((await rawRequest(h.url, 'GET', '/api/files/%00', key)).status).toBe(422);
  });

  it('stores the company logo, records it in the settings and serves it at the recorded path', async () => {
    const logo = await h.call('POST', '/api/settings/logo', { key: h.adminKey, form: form(png, 'logo.png') });
    expect(logo.status).toBe(200);
    expect(logo.body.logo_path).toBe('logos/company_logo.png');
    const settings = await h.call('GET', '/api/settings/', { key: tec.key });
    expect(settings.body.company_logo_path).toBe('logos/company_logo.png');
    expect((await download(settings.body.company_logo_path)).status).toBe(200);
    const removal = await h.call('DELETE', `/api/files/${logo.body.logo_path}`, { key: maker.key });
    expect(removal.status).toBe(403);
  });
});
