import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';
import { blockHistoryInserts, historyProbe } from './helpers/history-probe.js';

/**
 * Issue 46: a reading must fall in one of the periods its gauge was in service (not only the last one,
 * and never before the gauge was registered), and every change to the register is in the change history,
 * with a reason for the fields that decide whether a reading is accepted.
 */
describe.each(DIALECTS)('gauge service periods and history on %s', (dialect) => {
  let h: Harness;
  let metro: { id: number; key: string; username: string };
  let tec: { id: number; key: string };
  let point: (extra: Record<string, unknown>) => Record<string, unknown>;
  let probe: ReturnType<typeof historyProbe>;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    metro = await h.user(['Metrologist']);
    tec = await h.user(['MeasurementTec']);
    probe = historyProbe(h, metro);
    const version = (await recipeWithTask(h)).current_version;
    const subtask = version.tasks[0].subtasks[0];
    point = (extra) => ({ subtask_id: subtask.id, version_id: version.id, value: 10.02, ...extra });
  });
  afterAll(() => h?.close());

  const register = async () => {
    const reply = await h.call('POST', '/api/gauges', {
      key: metro.key,
      body: {
        code: uniqueCode('G'),
        type: 'caliper',
        resolution: 0.01,
        calibrated_on: '2020-01-01',
        calibration_due: '2099-12-31',
      },
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as Json;
  };
  const edit = (id: number, body: Record<string, unknown>) =>
    h.call('PUT', `/api/gauges/${id}`, { key: metro.key, body });
  const readAt = (gaugeId: number, takenAt: string) =>
    h.call('POST', '/api/measurements/', {
      key: tec.key,
      body: point({ gauge_id: gaugeId, taken_at: takenAt }),
    });
  const middle = (a: string, b: string) => new Date((Date.parse(a) + Date.parse(b)) / 2).toISOString();

  it('takes readings inside its service periods only: not before registration, not while it was out', async () => {
    const gauge = await register();
    const created = gauge.created_at as string;
    await sleep(20);
    const out = await edit(gauge.id, { status: 'out_of_service', reason: 'dropped' });
    expect(out.status, out.text).toBe(200);
    await sleep(20);
    const back = await edit(gauge.id, { status: 'in_service', reason: 'checked on gauge blocks' });
    expect(back.status, back.text).toBe(200);
    const left = out.body.out_of_service_from as string;
    const returned = back.body.in_service_from as string;

    // Before the gauge existed: the hole of issue 46 once it had been out and back.
    const early = await readAt(gauge.id, '2020-06-01T08:00:00.000Z');
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(
      `body.gauge_id: gauge ${gauge.code} was not in service at 2020-06-01T08:00:00.000Z: ` +
        `the gauge was registered only at ${created} (status now: in service)`,
    );
    // Inside the time it was out, sent after it came back.
    const whileOut = middle(left, returned);
    const gap = await readAt(gauge.id, whileOut);
    expect(gap.status).toBe(409);
    expect(gap.body.detail).toContain(
      `not in service at ${whileOut}: out of service from ${left} to ${returned}`,
    );
    expect((await readAt(gauge.id, left)).status).toBe(409);

    // Inside either period: stored.
    for (const at of [created, middle(created, left), returned, new Date().toISOString()]) {
      const ok = await readAt(gauge.id, at);
      expect(ok.status, `${at}: ${ok.text}`).toBe(200);
    }
    const stored = await h.db
      .selectFrom('measurements')
      .select('taken_at')
      .where('gauge_id', '=', gauge.id)
      .execute();
    expect(stored).toHaveLength(4);
  });

  it('a gauge registered out of service takes nothing until it enters service', async () => {
    const reply = await h.call('POST', '/api/gauges', {
      key: metro.key,
      body: {
        code: uniqueCode('G'),
        type: 'micrometer',
        resolution: 0.001,
        calibrated_on: '2026-01-01',
        calibration_due: '2099-12-31',
        status: 'in_calibration',
      },
    });
    await sleep(10);
    const now = new Date().toISOString();
    const refused = await readAt(reply.body.id, now);
    expect(refused.body.detail).toMatch(/never in service since its registration/);
    await sleep(10);
    const back = await edit(reply.body.id, { status: 'in_service', reason: 'calibrated' });
    const before = await readAt(reply.body.id, now);
    expect(before.status).toBe(409);
    expect(before.body.detail).toContain(
      `out of service from ${reply.body.created_at} to ${back.body.in_service_from}`,
    );
    expect((await readAt(reply.body.id, back.body.in_service_from)).status).toBe(200);
  });

  it('records calibration_due, status and resolution changes with before, after, who and why', async () => {
    const gauge = await register();
    const created = await h.call('GET', `/api/history?entity_type=gauge&entity_id=${gauge.id}`, {
      key: h.adminKey,
    });
    expect(created.body.items).toHaveLength(1);
    expect(created.body.items[0]).toMatchObject({ action: 'create', actor_id: metro.id, reason: null });
    expect(created.body.items[0].changes).toContainEqual({ field: 'code', before: null, after: gauge.code });

    const cases = [
      [{ calibration_due: '2100-01-01' }, 'calibration_due', '2099-12-31', '2100-01-01'],
      [{ status: 'in_calibration' }, 'status', 'in_service', 'in_calibration'],
      [{ resolution: 0.001 }, 'resolution', 0.01, 0.001],
    ] as const;
    for (const [change, field, before, after] of cases) {
      const reason = `certificate for ${field}`;
      const record = await probe.onlyRecordOf(() => edit(gauge.id, { ...change, reason }));
      expect(record).toMatchObject({
        entity_type: 'gauge',
        entity_id: String(gauge.id),
        action: 'update',
        actor_id: metro.id,
        actor_username: metro.username,
        reason,
        changes: [{ field, before, after }],
      });
      expect(Date.now() - Date.parse(record.recorded_at)).toBeLessThan(60_000);
    }
    // Other fields need no reason, and are recorded all the same.
    const notes = await probe.onlyRecordOf(() => edit(gauge.id, { notes: 'kept in drawer 3' }));
    expect(notes).toMatchObject({
      reason: null,
      changes: [{ field: 'notes', before: '', after: 'kept in drawer 3' }],
    });
  });

  it('refuses those changes without a reason (422 naming body.reason) and writes nothing', async () => {
    const gauge = await register();
    const periods = () =>
      h.db.selectFrom('gauge_service_periods').selectAll().where('gauge_id', '=', gauge.id).execute();
    const periodsBefore = await periods();
    const mark = await probe.latestId();
    for (const change of [
      { calibration_due: '2100-01-01' },
      { status: 'out_of_service' },
      { resolution: 0.001, notes: 'finer display' },
      { status: 'retired', reason: '   ' },
    ]) {
      const refused = await edit(gauge.id, change);
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(refused.body.detail).toMatch(
        new RegExp(`^body\\.reason: required to change .*of gauge ${gauge.code}`),
      );
    }
    expect(await probe.since(mark)).toEqual([]);
    const now = await h.call('GET', `/api/gauges/${gauge.id}`, { key: metro.key });
    expect(now.body).toEqual(gauge);
    expect(await periods()).toEqual(periodsBefore);
    // Sending the unchanged value back (a form posting every field) needs none.
    expect((await edit(gauge.id, { status: 'in_service', resolution: 0.01 })).status).toBe(200);
  });

  it('a change whose record cannot be written changes nothing, service period included', async () => {
    const gauge = await register();
    await blockHistoryInserts(h, true);
    try {
      expect((await edit(gauge.id, { status: 'out_of_service', reason: 'broken jaw' })).status).toBe(500);
    } finally {
      await blockHistoryInserts(h, false);
    }
    const now = await h.call('GET', `/api/gauges/${gauge.id}`, { key: metro.key });
    expect(now.body.status).toBe('in_service');
    const open = await h.db
      .selectFrom('gauge_service_periods')
      .select('ended_at')
      .where('gauge_id', '=', gauge.id)
      .execute();
    expect(open).toEqual([{ ended_at: null }]);
  });

  it('records a deletion with the fields the gauge had', async () => {
    const gauge = await register();
    const record = await probe.onlyRecordOf(
      () => h.call('DELETE', `/api/gauges/${gauge.id}`, { key: metro.key }),
      204,
    );
    expect(record).toMatchObject({ entity_type: 'gauge', action: 'delete', actor_id: metro.id });
    expect(record.changes).toContainEqual({ field: 'calibration_due', before: '2099-12-31', after: null });
  });
});
