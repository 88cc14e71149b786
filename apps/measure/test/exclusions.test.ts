import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';

/** Twenty values of a 120 ± 0.1 length, and where the outlier (a mistyped 1200.2) falls among them. */
const VALUES = [
  120.01, 119.98, 120.03, 120.0, 119.99, 120.02, 120.04, 119.97, 120.01, 120.0, 120.02, 119.99, 120.03, 120.0,
  119.98, 120.01, 120.02, 120.0, 119.99, 120.01,
];
const OUTLIER = 1200.2;
const OUTLIER_AT = 10;

/**
 * A metrologist excludes a point with an assignable cause: every statistic is then exactly what it is for
 * the same series without that point (a twin subtask that never had it), the chart still shows it apart,
 * the record of who, when and why stays, and reinstating it brings every figure back.
 */
describe.each(DIALECTS)('exclusions on %s', (dialect) => {
  let h: Harness;
  let metrologist: { id: number; key: string };
  let recipeId: number;
  let versionId: number;
  let withOutlier: number;
  let twin: number;
  let outlierId: number;

  const stats = async (subtaskId: number) => {
    const query = `recipe_id=${recipeId}&subtask_id=${subtaskId}`;
    const get = async (path: string) => {
      const res = await h.call('GET', `/api/statistics/${path}?${query}`, { key: metrologist.key });
      expect(res.status, path).toBe(200);
      return res.body;
    };
    const chart = await get('control-chart');
    return {
      summary: await get('summary'),
      capability: await get('capability'),
      histogram: await get('histogram'),
      chart: {
        ...chart,
        points: chart.points.map((p: Json) => p.y),
        excluded: undefined,
        versions: undefined,
      },
      excluded: chart.excluded as Json[],
    };
  };
  const reinstate = (id: number) =>
    h.call('DELETE', `/api/measurements/${id}/exclusion`, { key: metrologist.key });
  const exclude = (id: number, body: Json, key = metrologist.key) =>
    h.call('POST', `/api/measurements/${id}/exclusion`, { key, body });

  beforeAll(async () => {
    h = await startMeasure(dialect);
    metrologist = await h.user(['Metrologist']);
    recipeId = (
      await h.call('POST', '/api/recipes', {
        key: h.adminKey,
        body: { code: uniqueCode('EXC'), name: 'Shaft' },
      })
    ).body.id;
    const limits = { nominal: 120, ltl: 119.9, lwl: 119.95, uwl: 120.05, utl: 120.1 };
    await h.call('POST', `/api/recipes/${recipeId}/tasks`, {
      key: h.adminKey,
      body: {
        title: 'Length',
        subtasks: [
          { marker_number: 1, ...limits },
          { marker_number: 2, ...limits },
        ],
      },
    });
    const version = (await h.call('GET', `/api/recipes/${recipeId}`, { key: h.adminKey })).body
      .current_version;
    versionId = version.id;
    [withOutlier, twin] = version.tasks[0].subtasks.map((s: Json) => s.id);
    const item = (subtask_id: number, value: number, i: number) => ({
      subtask_id,
      version_id: versionId,
      value,
      serial_number: `S${i}`,
    });
    const series = [...VALUES.slice(0, OUTLIER_AT), OUTLIER, ...VALUES.slice(OUTLIER_AT)];
    const recorded = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: {
        measurements: [
          ...series.map((value, i) => item(withOutlier, value, i)),
          ...VALUES.map((value, i) => item(twin, value, i)),
        ],
      },
    });
    expect(recorded.status).toBe(200);
    outlierId = recorded.body[OUTLIER_AT].id;
    expect(recorded.body[OUTLIER_AT].value).toBe(OUTLIER);
  });
  afterAll(() => h?.close());

  it('leaves every statistic exactly as if the point were absent, shows it apart, and restores all on reinstating', async () => {
    const before = await stats(withOutlier);
    const reference = await stats(twin);
    expect(before.capability).not.toEqual(reference.capability);
    expect(before.summary.fail_count).toBe(1);

    const excluded = await exclude(outlierId, {
      reason: 'Data entry error',
      note: 'typed 1200.2 for 120.02',
    });
    expect(excluded.status).toBe(201);
    expect(excluded.body).toMatchObject({
      measurement_id: outlierId,
      reason: 'Data entry error',
      note: 'typed 1200.2 for 120.02',
      excluded_by: metrologist.id,
      active: true,
      reinstated_at: null,
    });

    const during = await stats(withOutlier);
    expect(during.capability).toEqual(reference.capability);
    expect(during.summary).toEqual(reference.summary);
    expect(during.histogram).toEqual(reference.histogram);
    expect(during.chart).toEqual(reference.chart);
    expect(during.excluded).toEqual([
      expect.objectContaining({
        measurement_id: outlierId,
        value: OUTLIER,
        reason: 'Data entry error',
        position: OUTLIER_AT,
      }),
    ]);
    // The point itself is still stored and listed.
    const list = await h.call('GET', `/api/measurements/?subtask_id=${withOutlier}&per_page=100`, {
      key: metrologist.key,
    });
    expect(list.body.total).toBe(VALUES.length + 1);

    const note = encodeURIComponent('checked the drawing: it was a real part');
    const reinstated = await h.call('DELETE', `/api/measurements/${outlierId}/exclusion?note=${note}`, {
      key: metrologist.key,
    });
    expect(reinstated.status).toBe(200);
    expect(reinstated.body).toMatchObject({ active: false, reinstated_by: metrologist.id });
    const after = await stats(withOutlier);
    expect(after).toEqual(before);
  });

  it('keeps the full record of each exclusion and its reinstatement, and lists them per recipe', async () => {
    const again = await exclude(outlierId, { reason: 'Gauge error' });
    expect(again.status).toBe(201);
    const history = await h.call('GET', `/api/measurements/${outlierId}/exclusions`, {
      key: metrologist.key,
    });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(2);
    expect(history.body[0]).toMatchObject({
      reason: 'Data entry error',
      excluded_by: metrologist.id,
      reinstated_by: metrologist.id,
      reinstate_note: 'checked the drawing: it was a real part',
      active: false,
    });
    expect(Date.parse(history.body[0].reinstated_at)).toBeGreaterThanOrEqual(
      Date.parse(history.body[0].excluded_at),
    );
    expect(history.body[1]).toMatchObject({ reason: 'Gauge error', note: '', active: true });

    const active = await h.call('GET', `/api/exclusions?recipe_id=${recipeId}&active=true`, {
      key: metrologist.key,
    });
    expect(active.body).toMatchObject({
      total: 1,
      items: [{ measurement_id: outlierId, value: OUTLIER, active: true }],
    });
    const all = await h.call('GET', `/api/exclusions?recipe_id=${recipeId}&subtask_id=${withOutlier}`, {
      key: metrologist.key,
    });
    expect(all.body.items.map((e: Json) => e.reason)).toEqual(['Gauge error', 'Data entry error']);
    expect((await reinstate(outlierId)).status).toBe(200);
  });

  it('refuses what cannot be: unknown cause, a second exclusion, reinstating a counted point, other roles, unknown ids', async () => {
    const unknownCause = await exclude(outlierId, { reason: 'Bad luck' });
    expect(unknownCause.status).toBe(422);
    expect(unknownCause.body.detail).toMatch(/^body\.reason: must be one of "Gauge error"/);

    const tec = await h.user(['MeasurementTec']);
    expect((await exclude(outlierId, { reason: 'Gauge error' }, tec.key)).status).toBe(403);
    expect((await exclude(2_000_000_000, { reason: 'Gauge error' })).status).toBe(404);

    // Two metrologists at once: exactly one exclusion is in force.
    const both = await Promise.all([
      exclude(outlierId, { reason: 'Gauge error' }),
      exclude(outlierId, { reason: 'Other' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const counted = (
      await h.call('GET', `/api/measurements/?subtask_id=${twin}&per_page=1`, { key: metrologist.key })
    ).body.items[0].id;
    const notExcluded = await reinstate(counted);
    expect(notExcluded.status).toBe(409);
    expect(notExcluded.body.detail).toBe(`Measurement ${counted} is not excluded`);
    expect((await reinstate(outlierId)).status).toBe(200);
  });

  it('offers the causes an admin configured, and refuses a list it could not use', async () => {
    const put = await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { exclusion_reasons: 'Gauge error\nChuck pressure\n' },
    });
    expect(put.status).toBe(200);
    expect((await exclude(outlierId, { reason: 'Chuck pressure' })).status).toBe(201);
    expect((await exclude(outlierId, { reason: 'Gauge error' })).status).toBe(409);
    expect((await reinstate(outlierId)).status).toBe(200);
    expect((await exclude(outlierId, { reason: 'Other' })).status).toBe(422);
    const bad = await h.call('PUT', '/api/settings/', {
      key: h.adminKey,
      body: { exclusion_reasons: 'A\nA' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('body.exclusion_reasons: must not name a cause twice');
  });
});
