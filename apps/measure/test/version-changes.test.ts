import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

/**
 * An old recipe version compared with the current one: after a limit is tightened on a measured point and a
 * point is added, GET …/versions/{n}/changes names exactly those changes, each with its old and new value.
 */
describe.each(DIALECTS)('recipe version changes on %s', (dialect) => {
  let h: Harness;
  let recipeId = 0;
  let key = '';

  beforeAll(async () => {
    h = await startMeasure(dialect);
    key = (await h.user(['Metrologist'])).key;
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const version = recipe.current_version;
    const [first] = version.tasks[0].subtasks;
    const measured = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: { measurements: [{ subtask_id: first.id, version_id: version.id, value: 10.2 }] },
    });
    expect(measured.status, measured.text).toBe(200);
    // measured: the edit forks version 3, leaving version 2 as it was
    const edited = await h.call('PUT', `/api/subtasks/${first.id}`, {
      key: h.adminKey,
      body: { utl: 10.8, reason: 'Drawing rev. B' },
    });
    expect(edited.status, edited.text).toBe(200);
    const current = (await h.call('GET', `/api/recipes/${recipeId}`, { key })).body.current_version;
    const added = await h.call('POST', `/api/tasks/${current.tasks[0].id}/subtasks`, {
      key: h.adminKey,
      body: {
        marker_number: 7,
        description: 'Chamfer',
        nominal: 1,
        ltl: 0.9,
        lwl: 0.95,
        uwl: 1.05,
        utl: 1.1,
      },
    });
    expect(added.status, added.text).toBe(201);
  });
  afterAll(() => h?.close());

  it('names the tightened limit and the added point between version 2 and the current one', async () => {
    const res = await h.call('GET', `/api/recipes/${recipeId}/versions/2/changes`, { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ from_version: 2, to_version: 3 });
    expect(res.body.tasks).toEqual({ added: [], removed: [], changed: [] });
    expect(res.body.points.changed).toEqual([
      {
        marker_number: 1,
        description: '',
        task_title: 'Outer diameter',
        changes: [{ field: 'utl', from: 11, to: 10.8 }],
      },
    ]);
    expect(res.body.points.added).toEqual([
      { marker_number: 7, description: 'Chamfer', task_title: 'Outer diameter' },
    ]);
    expect(res.body.points.removed).toEqual([]);
    // the other way round: from the current version back to version 2
    const back = await h.call('GET', `/api/recipes/${recipeId}/versions/3/changes?against=2`, { key });
    expect(back.body.points.removed).toEqual([
      { marker_number: 7, description: 'Chamfer', task_title: 'Outer diameter' },
    ]);
  });

  it('answers 404 for a version the recipe does not have and 422 for a malformed one', async () => {
    expect((await h.call('GET', `/api/recipes/${recipeId}/versions/99/changes`, { key })).status).toBe(404);
    expect(
      (await h.call('GET', `/api/recipes/${recipeId}/versions/2/changes?against=99`, { key })).status,
    ).toBe(404);
    const bad = await h.call('GET', `/api/recipes/${recipeId}/versions/2/changes?against=x`, { key });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('against');
  });
});
