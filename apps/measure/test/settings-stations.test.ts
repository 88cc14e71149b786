import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('health, settings and stations on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  it('health needs no key and reports version 0.1.0', async () => {
    const res = await h.call('GET', '/api/health');
    expect(res.body).toEqual({ status: 'ok', service: 'measure', version: '0.1.0' });
  });

  it('settings: defaults, admin PUT merges keys, known keys validated', async () => {
    const { key } = await h.user([]);
    const initial = await h.call('GET', '/api/settings/', { key });
    expect(initial.body).toMatchObject({
      csv_delimiter: ',',
      csv_decimal_separator: '.',
      company_logo_path: '',
    });
    const put = await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { shop_name: 'ACME', csv_delimiter: ';' },
    });
    expect(put.status).toBe(200);
    expect(put.body.updated_keys.sort()).toEqual(['csv_delimiter', 'shop_name']);
    const after = await h.call('GET', '/api/settings', { key });
    expect(after.body).toMatchObject({ shop_name: 'ACME', csv_delimiter: ';', csv_decimal_separator: '.' });
    const bad = await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { csv_decimal_separator: '|', other: 'x' },
    });
    expect(bad.status).toBe(422);
    expect((await h.call('GET', '/api/settings/', { key })).body.other).toBeUndefined();
    expect((await h.call('PUT', '/api/settings/', { key: h.adminKey, body: { x: 1 } })).status).toBe(422);
    expect((await h.call('PUT', '/api/settings/', { key, body: { a: 'b' } })).status).toBe(403);
    // the station's plausibility band: tolerance widths, 1 to 1000, default 5
    expect(initial.body.plausibility_band).toBe('5');
    for (const bad of ['0', 'five', '-3', '1e9']) {
      const refused = await h.call('PUT', '/api/settings/', {
        key: h.adminKey,
        body: { plausibility_band: bad },
      });
      expect(refused.status, bad).toBe(422);
      expect(refused.body.detail).toBe(
        'body.plausibility_band: must be a number of tolerance widths from 1 to 1000',
      );
    }
    expect(
      (await h.call('PUT', '/api/settings/', { key: h.adminKey, body: { plausibility_band: '8' } })).status,
    ).toBe(200);
  });

  it('seeds ST-DEFAULT; creates, reads, updates stations; code immutable and unique', async () => {
    const list = await h.call('GET', '/api/stations', { key: h.adminKey });
    expect(list.body.map((s: { code: string }) => s.code)).toContain('ST-DEFAULT');
    const code = uniqueCode('ST');
    const created = await h.call('POST', '/api/stations', {
      key: h.adminKey,
      body: { code, name: 'Lathe 1', location: 'Hall A' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code,
      name: 'Lathe 1',
      location: 'Hall A',
      notes: null,
      active: true,
    });
    expect(
      (await h.call('POST', '/api/stations', { key: h.adminKey, body: { code, name: 'x' } })).status,
    ).toBe(409);
    expect(
      (await h.call('POST', '/api/stations', { key: h.adminKey, body: { code: 'x'.repeat(101), name: 'x' } }))
        .status,
    ).toBe(422);
    expect(
      (await h.call('POST', '/api/stations', { key: h.adminKey, body: { code: 'ok', name: '' } })).status,
    ).toBe(422);
    const id = created.body.id;
    const renamed = await h.call('PUT', `/api/stations/${id}`, {
      key: h.adminKey,
      body: { name: 'Lathe 2', notes: 'n' },
    });
    expect(renamed.body).toMatchObject({ code, name: 'Lathe 2', notes: 'n' });
    const codeChange = await h.call('PUT', `/api/stations/${id}`, { key: h.adminKey, body: { code: 'NEW' } });
    expect(codeChange.status).toBe(422);
    expect((await h.call('GET', `/api/stations/${id}`, { key: h.adminKey })).body.code).toBe(code);
    expect((await h.call('GET', '/api/stations/999999', { key: h.adminKey })).status).toBe(404);
  });

  it('assignments: by-code lookup lists active recipes; inactive station 404; delete removes assignments', async () => {
    const code = uniqueCode('ST');
    const station = (await h.call('POST', '/api/stations', { key: h.adminKey, body: { code, name: 'Mill' } }))
      .body;
    const a = await recipeWithTask(h);
    const b = await recipeWithTask(h);
    const assign = await h.call('POST', `/api/stations/${station.id}/recipes`, {
      key: h.adminKey,
      body: { recipe_id: a.id },
    });
    expect(assign.status).toBe(201);
    expect(assign.body).toMatchObject({ station_id: station.id, recipe_id: a.id });
    expect(
      (
        await h.call('POST', `/api/stations/${station.id}/recipes`, {
          key: h.adminKey,
          body: { recipe_id: a.id },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await h.call('POST', `/api/stations/${station.id}/recipes`, {
          key: h.adminKey,
          body: { recipe_id: 999999 },
        })
      ).status,
    ).toBe(404);
    await h.call('POST', `/api/stations/${station.id}/recipes`, {
      key: h.adminKey,
      body: { recipe_id: b.id },
    });
    await h.call('DELETE', `/api/recipes/${b.id}`, { key: h.adminKey });

    const { key } = await h.user(['MeasurementTec']);
    const byCode = await h.call('GET', `/api/stations/by-code/${code}/recipes`, { key });
    expect(byCode.body).toEqual([{ id: a.id, code: a.code, name: a.name, active: true }]);
    const all = await h.call('GET', `/api/stations/${station.id}/recipes`, { key: h.adminKey });
    expect(all.body).toHaveLength(2);
    expect((await h.call('GET', '/api/stations/by-code/NOPE/recipes', { key })).status).toBe(404);

    await h.call('PUT', `/api/stations/${station.id}`, { key: h.adminKey, body: { active: false } });
    expect((await h.call('GET', `/api/stations/by-code/${code}/recipes`, { key })).status).toBe(404);
    const activeOnly = await h.call('GET', '/api/stations?active_only=true', { key: h.adminKey });
    expect(activeOnly.body.map((s: { id: number }) => s.id)).not.toContain(station.id);

    expect(
      (await h.call('DELETE', `/api/stations/${station.id}/recipes/${a.id}`, { key: h.adminKey })).status,
    ).toBe(204);
    expect(
      (await h.call('DELETE', `/api/stations/${station.id}/recipes/${a.id}`, { key: h.adminKey })).status,
    ).toBe(404);
    expect((await h.call('DELETE', `/api/stations/${station.id}`, { key: h.adminKey })).status).toBe(204);
    const left = await h.db
      .selectFrom('station_recipes')
      .select('id')
      .where('station_id', '=', station.id)
      .execute();
    expect(left).toHaveLength(0);
    expect((await h.call('GET', `/api/stations/${station.id}`, { key: h.adminKey })).status).toBe(404);
  });
});
