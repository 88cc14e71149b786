import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, type TempDir, tempDir } from '../src/reports/pdf-test-tools.js';
import { recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';

/** The register, and what it means for a reading: which gauge took it, and whether that gauge could. */
describe.each(DIALECTS)('gauges on %s', (dialect) => {
  let h: Harness;
  let metro: { id: number; key: string };
  let tec: { id: number; key: string };
  let recipeId: number;
  let point: (value: number, extra?: Record<string, unknown>) => Record<string, unknown>;
  let dir: TempDir;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    metro = await h.user(['Metrologist']);
    tec = await h.user(['MeasurementTec']);
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const version = recipe.current_version;
    const subtask = version.tasks[0].subtasks[0];
    point = (value, extra = {}) => ({ subtask_id: subtask.id, version_id: version.id, value, ...extra });
    dir = await tempDir();
  });
  afterAll(async () => {
    await dir?.remove();
    await h?.close();
  });

  const register = async (overrides: Record<string, unknown> = {}, key = metro.key) => {
    const reply = await h.call('POST', '/api/gauges', {
      key,
      body: {
        code: uniqueCode('G'),
        type: 'caliper',
        resolution: 0.01,
        calibrated_on: '2026-01-01',
        calibration_due: '2099-12-31',
        ...overrides,
      },
    });
    if (reply.status !== 201) throw new Error(reply.text);
    return reply.body as Json;
  };
  /** A gauge registered long ago (as if in service since 2020), so readings may carry earlier times. */
  const longInService = async (overrides: Record<string, unknown> = {}) => {
    const gauge = await register(overrides);
    const since = '2020-01-01T00:00:00.000Z';
    await h.db
      .updateTable('gauges')
      .set({ in_service_from: since, created_at: since })
      .where('id', '=', gauge.id)
      .execute();
    await h.db
      .updateTable('gauge_service_periods')
      .set({ started_at: since })
      .where('gauge_id', '=', gauge.id)
      .execute();
    return gauge;
  };
  const measure = (body: unknown, key = tec.key) => h.call('POST', '/api/measurements/', { key, body });
  const batch = (body: unknown, key = tec.key) => h.call('POST', '/api/measurements/batch', { key, body });
  const storedWith = async (lot: string) =>
    h.db
      .selectFrom('measurements')
      .select(['gauge_id', 'taken_at', 'value'])
      .where('lot_number', '=', lot)
      .execute();

  it('is kept by admins and metrologists; operators read it; codes are unique and immutable', async () => {
    const gauge = await register({ description: 'Digital caliper 150 mm', serial_number: 'SN-1' });
    expect(gauge).toMatchObject({
      status: 'in_service',
      resolution: 0.01,
      serial_number: 'SN-1',
      out_of_service_from: null,
    });
    expect(typeof gauge.in_service_from).toBe('string');
    const admin = await h.user([], true);
    expect((await register({}, admin.key)).status).toBe('in_service');
    expect((await h.call('POST', '/api/gauges', { key: tec.key, body: {} })).status).toBe(403);
    const listed = await h.call('GET', '/api/gauges', { key: tec.key });
    expect(listed.status).toBe(200);
    expect(listed.body.map((g: Json) => g.code)).toContain(gauge.code);
    const again = await h.call('POST', '/api/gauges', {
      key: metro.key,
      body: {
        code: gauge.code,
        type: 'caliper',
        resolution: 0.01,
        calibrated_on: '2026-01-01',
        calibration_due: '2027-01-01',
      },
    });
    expect(again.status).toBe(409);
    const rename = await h.call('PUT', `/api/gauges/${gauge.id}`, {
      key: metro.key,
      body: { code: 'OTHER' },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.detail).toMatch(/code/);
  });

  it('refuses impossible register entries with 422 naming the field', async () => {
    const base = {
      code: uniqueCode('G'),
      type: 'caliper',
      resolution: 0.01,
      calibrated_on: '2026-01-01',
      calibration_due: '2027-01-01',
    };
    for (const [change, field] of [
      [{ calibration_due: '2026-02-31' }, 'calibration_due'],
      [{ calibration_due: '2025-12-31' }, 'calibration_due'],
      [{ resolution: 0 }, 'resolution'],
      [{ resolution: 0.0000001 }, 'resolution'],
      [{ status: 'broken' }, 'status'],
    ] as const) {
      const reply = await h.call('POST', '/api/gauges', { key: metro.key, body: { ...base, ...change } });
      expect(reply.status, JSON.stringify(change)).toBe(422);
      expect(reply.body.detail).toMatch(field);
    }
  });

  it('stores the gauge with each measurement; list, filter and CSV show which gauge took the value', async () => {
    const gauge = await register();
    const lot = uniqueCode('LOT');
    const one = await measure(point(10.02, { gauge_id: gauge.id, lot_number: lot }));
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ gauge_id: gauge.id, taken_at: null });
    const old = await measure(point(10.03, { lot_number: lot }));
    expect(old.body.gauge_id).toBeNull();
    const listed = await h.call('GET', `/api/measurements/?gauge_id=${gauge.id}`, { key: metro.key });
    expect(listed.body.items.map((m: Json) => m.id)).toEqual([one.body.id]);
    const csv = await h.call('GET', `/api/measurements/export/csv?lot_number=${lot}`, { key: metro.key });
    const [header, first, second] = csv.text.trim().split('\r\n');
    expect(header?.split(',').slice(-2)).toEqual(['taken_at', 'gauge_code']);
    expect(first?.split(',').at(-1)).toBe(gauge.code);
    expect(second?.split(',').at(-1)).toBe('');
  });

  it('refuses an overdue or out-of-service gauge with 409 and stores nothing', async () => {
    const overdue = await register({ calibrated_on: '2019-01-01', calibration_due: '2020-01-01' });
    const lot = uniqueCode('LOT');
    const refused = await measure(point(10.02, { gauge_id: overdue.id, lot_number: lot }));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(
      new RegExp(`^body\\.gauge_id: gauge ${overdue.code} was past its calibration due date 2020-01-01`),
    );
    const out = await register({ status: 'out_of_service' });
    const inBatch = await batch({
      measurements: [point(10.01, { lot_number: lot }), point(10.02, { gauge_id: out.id, lot_number: lot })],
    });
    expect(inBatch.status).toBe(409);
    expect(inBatch.body.detail).toMatch(`body.measurements.1.gauge_id: gauge ${out.code} was not in service`);
    expect(await storedWith(lot)).toEqual([]);
    expect((await measure(point(10.02, { gauge_id: 999_999 }))).status).toBe(400);
  });

  it('refuses a value finer than the gauge resolution with 422 naming the value; trailing zeros do not count', async () => {
    const gauge = await register({ resolution: 0.01 });
    const lot = uniqueCode('LOT');
    const fine = await measure(point(12.345, { gauge_id: gauge.id, lot_number: lot }));
    expect(fine.status).toBe(422);
    expect(fine.body.detail).toBe(
      `body.value: 12.345 has more decimals than the resolution 0.01 of gauge ${gauge.code}`,
    );
    const inBatch = await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      raw: `{"measurements":[${JSON.stringify(point(10, { gauge_id: gauge.id, lot_number: lot }))},{"subtask_id":${point(0).subtask_id},"version_id":${point(0).version_id},"value":9.999,"gauge_id":${gauge.id},"lot_number":"${lot}"}]}`,
    });
    expect(inBatch.status).toBe(422);
    expect(inBatch.body.detail).toMatch(/^body\.measurements\.1\.value:/);
    expect(await storedWith(lot)).toEqual([]);
    const zeros = await h.call('POST', '/api/measurements/', {
      key: tec.key,
      raw: `{"subtask_id":${point(0).subtask_id},"version_id":${point(0).version_id},"value":12.30,"gauge_id":${gauge.id},"lot_number":"${lot}"}`,
    });
    expect(zeros.status, zeros.text).toBe(200);
    expect(zeros.body.value).toBe(12.3);
  });

  it('judges a queued reading by when it was taken: one taken before the gauge fell due is stored when it arrives later', async () => {
    const gauge = await longInService({ calibrated_on: '2020-01-01', calibration_due: '2020-06-30' });
    const lot = uniqueCode('LOT');
    const body = {
      batch_id: randomUUID(),
      measurements: [
        point(10.02, { gauge_id: gauge.id, lot_number: lot, taken_at: '2020-06-30T23:59:00+00:00' }),
      ],
    };
    const late = await batch(body);
    expect(late.status, late.text).toBe(200);
    expect(late.body[0]).toMatchObject({ gauge_id: gauge.id, taken_at: '2020-06-30T23:59:00.000Z' });
    // the retry of a lost answer is recognised, not refused or stored twice
    const retry = await batch(body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await storedWith(lot)).toHaveLength(1);
    const after = await batch({
      measurements: [point(10.02, { gauge_id: gauge.id, taken_at: '2020-07-01T00:00:00Z' })],
    });
    expect(after.status).toBe(409);
    expect(after.body.detail).toMatch('was past its calibration due date 2020-06-30 on 2020-07-01');
  });

  it('a reading taken before its gauge left service is stored; one taken after is refused', async () => {
    const gauge = await longInService();
    const out = await h.call('PUT', `/api/gauges/${gauge.id}`, {
      key: metro.key,
      body: { status: 'out_of_service', reason: 'dropped on the floor' },
    });
    expect(out.status).toBe(200);
    const leftAt = Date.parse(out.body.out_of_service_from);
    const at = (ms: number) => new Date(ms).toISOString();
    expect((await measure(point(10.02, { gauge_id: gauge.id, taken_at: at(leftAt - 60_000) }))).status).toBe(
      200,
    );
    const afterwards = await measure(point(10.02, { gauge_id: gauge.id, taken_at: at(leftAt + 1) }));
    expect(afterwards.status).toBe(409);
    expect(afterwards.body.detail).toMatch(/was not in service .*status now: out of service/);
    // back in service: usable again from then on
    const back = await h.call('PUT', `/api/gauges/${gauge.id}`, {
      key: metro.key,
      body: { status: 'in_service', reason: 'checked against the gauge blocks' },
    });
    expect(
      (await measure(point(10.02, { gauge_id: gauge.id, taken_at: back.body.in_service_from }))).status,
    ).toBe(200);
  });

  it('refuses a taken_at in the future and, with gauge_required, a measurement without a gauge', async () => {
    const gauge = await register();
    const future = await measure(
      point(10.02, { gauge_id: gauge.id, taken_at: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(future.status).toBe(422);
    expect(future.body.detail).toMatch(/^body\.taken_at:/);
    expect((await measure(point(10.02, { taken_at: 'yesterday' }))).status).toBe(422);
    const set = (value: string) =>
      h.call('PUT', '/api/settings/', { key: h.adminKey, body: { gauge_required: value } });
    expect((await set('maybe')).status).toBe(422);
    expect((await set('true')).status).toBe(200);
    try {
      const missing = await measure(point(10.02));
      expect(missing.status).toBe(422);
      expect(missing.body.detail).toBe('body.gauge_id: a gauge is required (setting gauge_required)');
      expect((await measure(point(10.02, { gauge_id: gauge.id }))).status).toBe(200);
    } finally {
      await set('false');
    }
  });

  it('deletes an unused gauge; one that took measurements answers 409 and stays', async () => {
    const unused = await register();
    expect((await h.call('DELETE', `/api/gauges/${unused.id}`, { key: metro.key })).status).toBe(204);
    expect((await h.call('GET', `/api/gauges/${unused.id}`, { key: tec.key })).status).toBe(404);
    const used = await register();
    expect((await measure(point(10.02, { gauge_id: used.id }))).status).toBe(200);
    const refused = await h.call('DELETE', `/api/gauges/${used.id}`, { key: metro.key });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/retired/);
    expect((await h.call('GET', `/api/gauges/${used.id}`, { key: tec.key })).status).toBe(200);
  });

  it('prints the gauge of each value in the measurements PDF', async () => {
    // shop gauge codes are short (C-012): the column fits one
    const gauge = await register({ code: `C-${Math.random().toString(36).slice(2, 6)}` });
    const lot = uniqueCode('L');
    expect((await measure(point(10.04, { gauge_id: gauge.id, lot_number: lot }))).status).toBe(200);
    const response = await fetch(
      `${h.url}/api/reports/measurements?recipe_id=${recipeId}&lot_number=${lot}`,
      {
        headers: { 'x-api-key': metro.key },
      },
    );
    expect(response.status).toBe(200);
    const file = dir.file('gauges.pdf');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const text = await pdfText(file);
    expect(text).toMatch(/Gauge/);
    expect(text).toMatch(new RegExp(`10\\.040 .* PASS .* ${gauge.code} `));
  });
});
