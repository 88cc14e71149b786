import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

/**
 * Issue 46, item 9: after UTL went from 11 to 10.3, a 10.8 posted against the old version was stored as
 * `warning`. A post against a version that is no longer current is now 409 naming the current version,
 * unless it is marked as a back-entry with a reason.
 */
describe.each(DIALECTS)('measurements against an older version on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  /** Version 2 (UTL 11) measured once, then version 3 with UTL 10.3 released. */
  async function tightened() {
    const recipe = await recipeWithTask(h);
    const old = recipe.current_version;
    const oldPoint = old.tasks[0].subtasks.find((s: { marker_number: number }) => s.marker_number === 1);
    const first = await h.call('POST', '/api/measurements/', {
      key: h.adminKey,
      body: { subtask_id: oldPoint.id, version_id: old.id, value: 10.1 },
    });
    expect(first.status, first.text).toBe(200);
    const edit = await h.call('PUT', `/api/subtasks/${oldPoint.id}`, {
      key: h.adminKey,
      body: { utl: 10.3, uwl: 10.2, reason: 'Drawing rev. D' },
    });
    expect(edit.status, edit.text).toBe(200);
    const current = (await h.call('GET', `/api/recipes/${recipe.id}`, { key: h.adminKey })).body
      .current_version;
    const point = current.tasks[0].subtasks.find((s: { marker_number: number }) => s.marker_number === 1);
    expect(current.version_number).toBe(old.version_number + 1);
    return { recipe, old, oldPoint, current, point };
  }

  const count = async (versionId: number) =>
    (await h.call('GET', `/api/measurements/?version_id=${versionId}`, { key: h.adminKey })).body.total;

  it('refuses a post against the old version with 409 naming the current one, storing nothing', async () => {
    const { old, oldPoint, current } = await tightened();
    const single = await h.call('POST', '/api/measurements/', {
      key: h.adminKey,
      body: { subtask_id: oldPoint.id, version_id: old.id, value: 10.8 },
    });
    expect(single.status).toBe(409);
    expect(single.body.code).toBe('VERSION_NOT_CURRENT');
    expect(single.body.details).toMatchObject({
      version_id: old.id,
      current_version_id: current.id,
      current_version_number: current.version_number,
    });
    const batch = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: { measurements: [{ subtask_id: oldPoint.id, version_id: old.id, value: 10.8 }] },
    });
    expect(batch.status).toBe(409);
    expect(batch.body.detail).toMatch(/^body\.measurements\.0\.version_id/);
    expect(await count(old.id)).toBe(1);
  });

  it('stores a back-entry judged against the version it names, flagged and in the change history', async () => {
    const { recipe, old, oldPoint } = await tightened();
    const reason = 'measured offline at 2026-01-05T08:00:00Z against version 2';
    const res = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: {
        measurements: [
          { subtask_id: oldPoint.id, version_id: old.id, value: 10.8, back_entry_reason: reason },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body[0] ?? res.body.measurements?.[0]).toMatchObject({
      version_id: old.id,
      pass_fail: 'warning',
      back_entry_reason: reason,
    });
    const history = await h.call('GET', `/api/history?recipe_id=${recipe.id}&entity_type=measurement`, {
      key: h.adminKey,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({ action: 'back_entry', version_id: old.id, reason });
  });

  it('takes a post against the current version as before, judged by its limits, not a back-entry', async () => {
    const { current, point } = await tightened();
    const res = await h.call('POST', '/api/measurements/', {
      key: h.adminKey,
      body: { subtask_id: point.id, version_id: current.id, value: 10.8, back_entry_reason: 'not needed' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ pass_fail: 'fail', back_entry_reason: null });
  });
});
