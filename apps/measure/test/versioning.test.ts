import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('versioning of tasks and subtasks on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  const get = async (id: number) => (await h.call('GET', `/api/recipes/${id}`, { key: h.adminKey })).body;

  it('POST task creates version n+1 with copies and the new task last', async () => {
    const recipe = await recipeWithTask(h);
    const res = await h.call('POST', `/api/recipes/${recipe.id}/tasks`, {
      key: h.adminKey,
      body: {
        title: 'Bore',
        file_type: 'image',
        annotations_json: { markers: [{ marker_number: 3, x: 0.25, y: 0.5 }] },
        subtasks: [{ marker_number: 3, ...limits(5) }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      order_index: 1,
      title: 'Bore',
      annotations_json: { markers: [{ marker_number: 3 }] },
    });
    const after = await get(recipe.id);
    expect(after.current_version.version_number).toBe(3);
    expect(after.current_version.tasks.map((t: { title: string }) => t.title)).toEqual([
      'Outer diameter',
      'Bore',
    ]);
  });

  it('rejects bad annotations, unordered limits (422) and duplicate markers (409)', async () => {
    const recipe = await recipeWithTask(h);
    const post = (body: unknown) =>
      h.call('POST', `/api/recipes/${recipe.id}/tasks`, { key: h.adminKey, body });
    expect(
      (await post({ title: 'x', annotations_json: { markers: [{ marker_number: 1, x: 1.5, y: 0 }] } }))
        .status,
    ).toBe(422);
    expect((await post({ title: 'x', subtasks: [{ marker_number: 9, ...limits(5), uwl: 4 }] })).status).toBe(
      422,
    );
    expect((await post({ title: 'x', subtasks: [{ marker_number: 1, ...limits(5) }] })).status).toBe(409);
    const taskId = (await get(recipe.id)).current_version.tasks[0].id;
    const dup = await h.call('POST', `/api/tasks/${taskId}/subtasks`, {
      key: h.adminKey,
      body: { marker_number: 2, ...limits() },
    });
    expect(dup.status).toBe(409);
    const sub = (await get(recipe.id)).current_version.tasks[0].subtasks[0];
    const clash = await h.call('PUT', `/api/subtasks/${sub.id}`, {
      key: h.adminKey,
      body: { marker_number: 2 },
    });
    expect(clash.status).toBe(409);
    const limitsBad = await h.call('PUT', `/api/subtasks/${sub.id}`, { key: h.adminKey, body: { utl: 0 } });
    expect(limitsBad.status).toBe(422);
  });

  it('edits a current version without measurements in place', async () => {
    const recipe = await recipeWithTask(h);
    const task = recipe.current_version.tasks[0];
    const put = await h.call('PUT', `/api/tasks/${task.id}`, {
      key: h.adminKey,
      body: { title: 'OD', directive: 'Use caliper' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: task.id, title: 'OD', directive: 'Use caliper' });
    const added = await h.call('POST', `/api/tasks/${task.id}/subtasks`, {
      key: h.adminKey,
      body: { marker_number: 7, ...limits(3) },
    });
    expect(added.status).toBe(201);
    expect(added.body.task_id).toBe(task.id);
    const edited = await h.call('PUT', `/api/subtasks/${added.body.id}`, {
      key: h.adminKey,
      body: { nominal: 3.1 },
    });
    expect(edited.body).toMatchObject({ id: added.body.id, nominal: 3.1 });
    expect((await h.call('DELETE', `/api/subtasks/${added.body.id}`, { key: h.adminKey })).status).toBe(204);
    const after = await get(recipe.id);
    expect(after.current_version.version_number).toBe(2);
    expect(after.current_version.tasks[0].subtasks).toHaveLength(2);
  });

  it('409 for edits on an older version', async () => {
    const recipe = await recipeWithTask(h);
    const old = recipe.current_version.tasks[0];
    await h.call('PUT', `/api/recipes/${recipe.id}`, { key: h.adminKey, body: { change_notes: 'v3' } });
    const key = h.adminKey;
    expect((await h.call('PUT', `/api/tasks/${old.id}`, { key, body: { title: 'z' } })).status).toBe(409);
    expect((await h.call('DELETE', `/api/tasks/${old.id}`, { key })).status).toBe(409);
    expect(
      (
        await h.call('POST', `/api/tasks/${old.id}/subtasks`, {
          key,
          body: { marker_number: 8, ...limits() },
        })
      ).status,
    ).toBe(409);
    expect(
      (await h.call('PUT', `/api/subtasks/${old.subtasks[0].id}`, { key, body: { nominal: 10.1 } })).status,
    ).toBe(409);
    expect((await h.call('DELETE', `/api/subtasks/${old.subtasks[0].id}`, { key })).status).toBe(409);
    expect((await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: [old.id] } })).status).toBe(
      409,
    );
  });

  it('an edit on a version with measurements forks; old measurements keep version and limits', async () => {
    const recipe = await recipeWithTask(h);
    const version = recipe.current_version;
    const sub = version.tasks[0].subtasks[0];
    const m = await h.call('POST', '/api/measurements/', {
      key: h.adminKey,
      body: { subtask_id: sub.id, version_id: version.id, value: 10.6 },
    });
    expect(m.body.pass_fail).toBe('warning');
    const edit = await h.call('PUT', `/api/subtasks/${sub.id}`, {
      key: h.adminKey,
      // The marker has measurements: a limit change needs its reason (change-history.test.ts).
      body: { uwl: 10.8, utl: 11.2, reason: 'Drawing rev. B' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.id).not.toBe(sub.id);
    expect(edit.body.uwl).toBe(10.8);
    const after = await get(recipe.id);
    expect(after.current_version.version_number).toBe(3);
    const old = await h.call('GET', `/api/recipes/${recipe.id}/versions/2`, { key: h.adminKey });
    expect(old.body.tasks[0].subtasks[0]).toMatchObject({ id: sub.id, uwl: 10.5, utl: 11 });
    const list = await h.call('GET', `/api/measurements/?recipe_id=${recipe.id}`, { key: h.adminKey });
    expect(list.body.items[0]).toMatchObject({
      id: m.body.id,
      version_id: version.id,
      subtask_id: sub.id,
      pass_fail: 'warning',
    });
    const count = await h.call('GET', `/api/recipes/${recipe.id}/versions/3/measurement-count`, {
      key: h.adminKey,
    });
    expect(count.body.measurement_count).toBe(0);
  });

  it('reorder: new order on success; 400 for empty, unknown, partial or mixed-version ids', async () => {
    const recipe = await recipeWithTask(h);
    await h.call('POST', `/api/recipes/${recipe.id}/tasks`, { key: h.adminKey, body: { title: 'Second' } });
    const tasks = (await get(recipe.id)).current_version.tasks;
    const ids = tasks.map((t: { id: number }) => t.id);
    const key = h.adminKey;
    const res = await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: [...ids].reverse() } });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { title: string }) => t.title)).toEqual(['Second', 'Outer diameter']);
    expect(res.body.map((t: { order_index: number }) => t.order_index)).toEqual([0, 1]);
    expect((await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: [] } })).status).toBe(400);
    expect((await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: [ids[0]] } })).status).toBe(
      400,
    );
    expect(
      (await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: [ids[0], 999999] } })).status,
    ).toBe(400);
    const other = await recipeWithTask(h);
    const mixed = [ids[0], other.current_version.tasks[0].id];
    expect((await h.call('PUT', '/api/tasks/reorder', { key, body: { task_ids: mixed } })).status).toBe(400);
  });

  it('DELETE task removes its subtasks and closes the gap in order_index', async () => {
    const recipe = await recipeWithTask(h);
    await h.call('POST', `/api/recipes/${recipe.id}/tasks`, { key: h.adminKey, body: { title: 'Second' } });
    const [first] = (await get(recipe.id)).current_version.tasks;
    expect((await h.call('DELETE', `/api/tasks/${first.id}`, { key: h.adminKey })).status).toBe(204);
    const tasks = (await get(recipe.id)).current_version.tasks;
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ title: 'Second', order_index: 0 });
    const orphans = await h.db.selectFrom('subtasks').select('id').where('task_id', '=', first.id).execute();
    expect(orphans).toHaveLength(0);
    expect((await h.call('GET', `/api/recipes/${recipe.id}/tasks`, { key: h.adminKey })).body).toHaveLength(
      1,
    );
  });
});
