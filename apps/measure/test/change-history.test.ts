import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';
import { blockHistoryInserts, historyProbe } from './helpers/history-probe.js';

/**
 * Every change leaves exactly one record, in its own transaction, with who, what (each changed field
 * before and after) and why; a change that fails leaves none; a limit change on a measured marker needs
 * a reason. (Reading, append-only and CSV: change-history-read.test.ts.)
 */
describe.each(DIALECTS)('change history on %s', (dialect) => {
  let h: Harness;
  let maker: { id: number; key: string; username: string };
  let probe: ReturnType<typeof historyProbe>;
  const latestId = () => probe.latestId();
  const since = (mark: number) => probe.since(mark);
  const onlyRecordOf = (act: () => Promise<{ status: number; text: string }>, status = 200) =>
    probe.onlyRecordOf(act, status);
  const newRecipe = () => probe.newRecipe();

  beforeAll(async () => {
    h = await startMeasure(dialect);
    maker = await h.user(['Maker']);
    probe = historyProbe(h, maker);
  });
  afterAll(() => h?.close());

  it('records recipe creation, release (with its reason) and deactivation, once each', async () => {
    const code = uniqueCode('HIS');
    const created = await onlyRecordOf(
      () => h.call('POST', '/api/recipes', { key: maker.key, body: { code, name: 'Flange' } }),
      201,
    );
    const recipeId = Number(created.entity_id);
    expect(created).toMatchObject({
      entity_type: 'recipe',
      action: 'create',
      actor_id: maker.id,
      actor_username: maker.username,
      recipe_id: recipeId,
    });
    expect(created.changes).toContainEqual({ field: 'name', before: null, after: 'Flange' });
    expect(created.changes).toContainEqual({ field: 'version_number', before: null, after: 1 });

    const released = await onlyRecordOf(() =>
      h.call('PUT', `/api/recipes/${recipeId}`, {
        key: maker.key,
        body: { name: 'Flange DN50', change_notes: 'Customer drawing rev. C' },
      }),
    );
    expect(released).toMatchObject({ action: 'release', reason: 'Customer drawing rev. C' });
    expect(released.changes).toEqual([
      { field: 'name', before: 'Flange', after: 'Flange DN50' },
      { field: 'version_number', before: 1, after: 2 },
    ]);

    const deactivated = await onlyRecordOf(() =>
      h.call('DELETE', `/api/recipes/${recipeId}`, { key: maker.key }),
    );
    expect(deactivated).toMatchObject({
      action: 'deactivate',
      changes: [{ field: 'active', before: true, after: false }],
    });
  });

  it('records a release without notes (optional in the spec) with no reason, and a blank one the same', async () => {
    const recipeId = await newRecipe();
    for (const body of [{ name: 'x' }, { change_notes: '   ' }]) {
      const release = await onlyRecordOf(() =>
        h.call('PUT', `/api/recipes/${recipeId}`, { key: maker.key, body }),
      );
      expect(release).toMatchObject({ action: 'release', entity_id: String(recipeId), reason: null });
    }
  });

  it('records task and subtask edits with each changed field, and the version an edit released', async () => {
    const recipeId = await newRecipe();
    const task = await onlyRecordOf(
      () =>
        h.call('POST', `/api/recipes/${recipeId}/tasks`, {
          key: maker.key,
          body: { title: 'Bore', subtasks: [{ marker_number: 1, ...limits(10) }] },
        }),
      201,
    );
    expect(task).toMatchObject({ entity_type: 'task', action: 'create', recipe_id: recipeId });
    expect(task.changes).toContainEqual({ field: 'title', before: null, after: 'Bore' });
    expect(task.changes).toContainEqual({ field: 'version_number', before: 1, after: 2 });
    expect(task.changes.find((c: Json) => c.field === 'subtasks').after).toEqual([
      { marker_number: 1, unit: 'mm', ...limits(10) },
    ]);
    const taskId = Number(task.entity_id);

    const renamed = await onlyRecordOf(() =>
      h.call('PUT', `/api/tasks/${taskId}`, {
        key: maker.key,
        body: { title: 'Bore Ø12', directive: 'Use gauge' },
      }),
    );
    expect(renamed.changes).toEqual([
      { field: 'title', before: 'Bore', after: 'Bore Ø12' },
      { field: 'directive', before: '', after: 'Use gauge' },
    ]);

    const added = await onlyRecordOf(
      () =>
        h.call('POST', `/api/tasks/${taskId}/subtasks`, {
          key: maker.key,
          body: { marker_number: 2, ...limits(5) },
        }),
      201,
    );
    expect(added).toMatchObject({ entity_type: 'subtask', action: 'create' });
    const subtaskId = Number(added.entity_id);
    const edited = await onlyRecordOf(() =>
      h.call('PUT', `/api/subtasks/${subtaskId}`, { key: maker.key, body: { utl: 6.2, unit: 'mm' } }),
    );
    // No measurements yet: changed in place, no reason needed, only the field that changed is listed.
    expect(edited).toMatchObject({
      action: 'update',
      reason: null,
      changes: [{ field: 'utl', before: 6, after: 6.2 }],
    });

    const deleted = await onlyRecordOf(
      () => h.call('DELETE', `/api/subtasks/${subtaskId}`, { key: maker.key }),
      204,
    );
    expect(deleted).toMatchObject({ entity_type: 'subtask', action: 'delete', entity_id: String(subtaskId) });
    expect(deleted.changes).toContainEqual({ field: 'utl', before: 6.2, after: null });

    await h.call('POST', `/api/recipes/${recipeId}/tasks`, { key: maker.key, body: { title: 'Face' } });
    // Adding a task released the next version: its tasks have new ids.
    const tasks = (await h.call('GET', `/api/recipes/${recipeId}/tasks`, { key: maker.key })).body;
    const [bore, face] = tasks.map((t: Json) => t.id);
    const reordered = await onlyRecordOf(() =>
      h.call('PUT', '/api/tasks/reorder', { key: maker.key, body: { task_ids: [face, bore] } }),
    );
    expect(reordered).toMatchObject({
      entity_type: 'recipe_version',
      action: 'reorder',
      changes: [{ field: 'task_order', before: ['Bore Ø12', 'Face'], after: ['Face', 'Bore Ø12'] }],
    });

    const removed = await onlyRecordOf(() => h.call('DELETE', `/api/tasks/${face}`, { key: maker.key }), 204);
    expect(removed).toMatchObject({ entity_type: 'task', action: 'delete' });
    expect(removed.changes).toContainEqual({ field: 'title', before: 'Face', after: null });
  });

  it('needs a reason to change the limits of a measured marker: 422 without, nothing changed; recorded with', async () => {
    const recipeId = await newRecipe();
    const task = await h.call('POST', `/api/recipes/${recipeId}/tasks`, {
      key: maker.key,
      body: { title: 'Bore', subtasks: [{ marker_number: 1, ...limits(10) }] },
    });
    const subtask = task.body.subtasks[0];
    const measured = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: { measurements: [{ subtask_id: subtask.id, version_id: task.body.version_id, value: 10.1 }] },
    });
    expect(measured.status, measured.text).toBe(200);

    const mark = await latestId();
    const refused = await h.call('PUT', `/api/subtasks/${subtask.id}`, {
      key: maker.key,
      body: { utl: 10.8 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/^body\.reason/);
    const unchanged = await h.call('GET', `/api/recipes/${recipeId}`, { key: maker.key });
    expect(unchanged.body.current_version.version_number).toBe(2);
    expect(unchanged.body.current_version.tasks[0].subtasks[0].utl).toBe(11);
    expect(await since(mark)).toEqual([]);

    // A change that leaves the limits alone needs no reason.
    const described = await onlyRecordOf(() =>
      h.call('PUT', `/api/subtasks/${subtask.id}`, { key: maker.key, body: { description: 'Ø10 H7' } }),
    );
    expect(described.changes).toContainEqual({ field: 'version_number', before: 2, after: 3 });
    const current = (await h.call('GET', `/api/recipes/${recipeId}`, { key: maker.key })).body
      .current_version;
    const forkedId = current.tasks[0].subtasks[0].id;

    // The new version has no measurements itself, but the marker has: still a reason.
    const again = await h.call('PUT', `/api/subtasks/${forkedId}`, { key: maker.key, body: { utl: 10.8 } });
    expect(again.status).toBe(422);
    const changed = await onlyRecordOf(() =>
      h.call('PUT', `/api/subtasks/${forkedId}`, {
        key: maker.key,
        body: { utl: 10.8, reason: 'Tolerance tightened, ECN 4711' },
      }),
    );
    expect(changed).toMatchObject({
      entity_type: 'subtask',
      action: 'update',
      reason: 'Tolerance tightened, ECN 4711',
      changes: [{ field: 'utl', before: 11, after: 10.8 }],
    });
  });

  it('records users without secrets: creation, role change, deactivation, key regeneration, own profile', async () => {
    const username = `hist_${Math.random().toString(36).slice(2, 8)}`;
    const password = 'a-secret-password-1';
    const created = await onlyRecordOf(
      () =>
        h.call('POST', '/api/users', {
          key: h.adminKey,
          body: { username, password, roles: ['Maker'] },
        }),
      201,
    );
    const userId = Number(created.entity_id);
    expect(created).toMatchObject({ entity_type: 'user', action: 'create' });
    expect(created.changes).toContainEqual({ field: 'roles', before: null, after: ['Maker'] });
    const roles = await onlyRecordOf(() =>
      h.call('PUT', `/api/users/${userId}`, { key: h.adminKey, body: { roles: ['Maker', 'Metrologist'] } }),
    );
    expect(roles.changes).toEqual([{ field: 'roles', before: ['Maker'], after: ['Maker', 'Metrologist'] }]);
    const login = await h.call('POST', '/api/auth/login', { body: { username, password } });
    const profile = await onlyRecordOf(() =>
      h.call('PUT', '/api/auth/me', { key: login.body.api_key, body: { theme_pref: 'dark' } }),
    );
    expect(profile).toMatchObject({
      actor_id: userId,
      changes: [{ field: 'theme_pref', before: 'light', after: 'dark' }],
    });
    const regenerated = await onlyRecordOf(() =>
      h.call('POST', `/api/users/${userId}/regenerate-key`, { key: h.adminKey }),
    );
    expect(regenerated).toMatchObject({ action: 'regenerate_key', changes: [] });
    const deactivated = await onlyRecordOf(
      () => h.call('DELETE', `/api/users/${userId}`, { key: h.adminKey }),
      204,
    );
    expect(deactivated).toMatchObject({
      action: 'deactivate',
      changes: [{ field: 'active', before: true, after: false }],
    });

    const all = await h.call('GET', `/api/history?entity_type=user&entity_id=${userId}`, { key: h.adminKey });
    expect(all.body.total).toBe(5);
    const stored = await h.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    for (const secret of [password, stored.password_hash, login.body.api_key, regenerated.text ?? ''])
      if (secret) expect(all.text).not.toContain(secret);
    expect(all.text).not.toMatch(/password|key_hash|api_key/);
  });

  it('records stations, assignments and settings', async () => {
    const recipeId = await newRecipe();
    const code = uniqueCode('ST');
    const created = await onlyRecordOf(
      () => h.call('POST', '/api/stations', { key: h.adminKey, body: { code, name: 'Lathe 1' } }),
      201,
    );
    const stationId = Number(created.entity_id);
    const renamed = await onlyRecordOf(() =>
      h.call('PUT', `/api/stations/${stationId}`, {
        key: h.adminKey,
        body: { name: 'Lathe 2', location: 'Hall B' },
      }),
    );
    expect(renamed.changes).toEqual([
      { field: 'name', before: 'Lathe 1', after: 'Lathe 2' },
      { field: 'location', before: null, after: 'Hall B' },
    ]);
    const assigned = await onlyRecordOf(
      () =>
        h.call('POST', `/api/stations/${stationId}/recipes`, {
          key: h.adminKey,
          body: { recipe_id: recipeId },
        }),
      201,
    );
    expect(assigned).toMatchObject({
      entity_type: 'station_assignment',
      action: 'assign',
      recipe_id: recipeId,
    });
    const unassigned = await onlyRecordOf(
      () => h.call('DELETE', `/api/stations/${stationId}/recipes/${recipeId}`, { key: h.adminKey }),
      204,
    );
    expect(unassigned).toMatchObject({ action: 'unassign', recipe_id: recipeId });
    const deleted = await onlyRecordOf(
      () => h.call('DELETE', `/api/stations/${stationId}`, { key: h.adminKey }),
      204,
    );
    expect(deleted).toMatchObject({ entity_type: 'station', action: 'delete' });

    const settings = (await h.call('GET', '/api/settings/', { key: h.adminKey })).body;
    const setting = await onlyRecordOf(() =>
      h.call('PUT', '/api/settings/', {
        key: h.adminKey,
        // One key changes; the one written with its present value is no change.
        body: { plausibility_band: '7', csv_delimiter: settings.csv_delimiter },
      }),
    );
    expect(setting).toMatchObject({
      entity_type: 'setting',
      entity_id: 'plausibility_band',
      changes: [{ field: 'plausibility_band', before: settings.plausibility_band, after: '7' }],
    });
  });

  it('records a failing change nowhere, and refuses a change whose record cannot be written', async () => {
    const recipeId = await newRecipe();
    await h.call('POST', `/api/recipes/${recipeId}/tasks`, {
      key: maker.key,
      body: { title: 'A', subtasks: [{ marker_number: 1, ...limits(1) }] },
    });
    const mark = await latestId();
    // Marker 1 is taken: found after the new version was made, so the whole transaction rolls back.
    const clash = await h.call('POST', `/api/recipes/${recipeId}/tasks`, {
      key: maker.key,
      body: { title: 'B', subtasks: [{ marker_number: 1, ...limits(1) }] },
    });
    expect(clash.status).toBe(409);
    expect(await since(mark)).toEqual([]);
    const versions = await h.call('GET', `/api/recipes/${recipeId}/versions`, { key: maker.key });
    expect(versions.body).toHaveLength(2);

    const station = await h.call('POST', '/api/stations', {
      key: h.adminKey,
      body: { code: uniqueCode('ST'), name: 'Mill' },
    });
    await blockHistoryInserts(h, true);
    try {
      const res = await h.call('PUT', `/api/stations/${station.body.id}`, {
        key: h.adminKey,
        body: { name: 'Drill' },
      });
      expect(res.status).toBe(500);
    } finally {
      await blockHistoryInserts(h, false);
    }
    const after = await h.call('GET', `/api/stations/${station.body.id}`, { key: h.adminKey });
    expect(after.body.name).toBe('Mill');
  });
});
