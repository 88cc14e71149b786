import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('recipes on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  it('POST creates version 1 as current; 409 on a duplicate code; 422 on a missing name', async () => {
    const code = uniqueCode();
    const created = await h.call('POST', '/api/recipes', {
      key: h.adminKey,
      body: { code, name: 'Shaft', description: 'd', change_notes: 'first' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code, name: 'Shaft', active: true });
    expect(created.body.current_version).toMatchObject({
      version_number: 1,
      change_notes: 'first',
      tasks: [],
    });
    const dup = await h.call('POST', '/api/recipes', { key: h.adminKey, body: { code, name: 'Other' } });
    expect(dup.status).toBe(409);
    const bad = await h.call('POST', '/api/recipes', { key: h.adminKey, body: { code: uniqueCode() } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('name');
  });

  it('GET by id and by code return the current version tree; 404 for unknown', async () => {
    const recipe = await recipeWithTask(h);
    expect(recipe.current_version.version_number).toBe(2);
    expect(
      recipe.current_version.tasks[0].subtasks.map((s: { marker_number: number }) => s.marker_number),
    ).toEqual([1, 2]);
    const byCode = await h.call('GET', `/api/recipes/code/${encodeURIComponent(recipe.code)}`, {
      key: h.adminKey,
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body.id).toBe(recipe.id);
    expect((await h.call('GET', '/api/recipes/code/NOPE-0', { key: h.adminKey })).status).toBe(404);
    expect((await h.call('GET', '/api/recipes/999999', { key: h.adminKey })).status).toBe(404);
  });

  it('lists active recipes with paging and search', async () => {
    const tag = uniqueCode('SRCH');
    for (const n of [1, 2, 3]) {
      await h.call('POST', '/api/recipes', {
        key: h.adminKey,
        body: { code: `${tag}-${n}`, name: `Part ${n}` },
      });
    }
    const page = await h.call('GET', `/api/recipes?search=${tag}&per_page=2&page=2`, { key: h.adminKey });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, page: 2, per_page: 2, pages: 2 });
    expect(page.body.items).toHaveLength(1);
    const wildcard = await h.call('GET', '/api/recipes?search=%25', { key: h.adminKey });
    expect(wildcard.body.total).toBe(0);
    expect((await h.call('GET', '/api/recipes?per_page=101', { key: h.adminKey })).status).toBe(422);
    expect((await h.call('GET', '/api/recipes?page=0', { key: h.adminKey })).status).toBe(422);
    expect((await h.call('GET', `/api/recipes?search=${'x'.repeat(201)}`, { key: h.adminKey })).status).toBe(
      422,
    );
  });

  it('PUT creates version n+1 with copies of every task and subtask', async () => {
    const recipe = await recipeWithTask(h);
    const put = await h.call('PUT', `/api/recipes/${recipe.id}`, {
      key: h.adminKey,
      body: { name: 'Flange B', change_notes: 'renamed' },
    });
    expect(put.status).toBe(200);
    expect(put.body.name).toBe('Flange B');
    const next = put.body.current_version;
    expect(next.version_number).toBe(3);
    expect(next.change_notes).toBe('renamed');
    const before = recipe.current_version.tasks[0];
    const after = next.tasks[0];
    expect(after.id).not.toBe(before.id);
    expect(after.title).toBe(before.title);
    expect(after.subtasks.map((s: { nominal: number }) => s.nominal)).toEqual([10, 20]);
    const versions = await h.call('GET', `/api/recipes/${recipe.id}/versions`, { key: h.adminKey });
    expect(versions.body.map((v: { version_number: number }) => v.version_number)).toEqual([3, 2, 1]);
    const old = await h.call('GET', `/api/recipes/${recipe.id}/versions/2`, { key: h.adminKey });
    expect(old.body.tasks[0].id).toBe(before.id);
    expect((await h.call('GET', `/api/recipes/${recipe.id}/versions/9`, { key: h.adminKey })).status).toBe(
      404,
    );
  });

  it('DELETE deactivates; the recipe leaves the list, PUT and POST task then give 409', async () => {
    const recipe = await recipeWithTask(h);
    const del = await h.call('DELETE', `/api/recipes/${recipe.id}`, { key: h.adminKey });
    expect(del.status).toBe(200);
    expect(del.body.active).toBe(false);
    const list = await h.call('GET', `/api/recipes?search=${recipe.code}`, { key: h.adminKey });
    expect(list.body.total).toBe(0);
    expect((await h.call('PUT', `/api/recipes/${recipe.id}`, { key: h.adminKey, body: {} })).status).toBe(
      409,
    );
    const task = await h.call('POST', `/api/recipes/${recipe.id}/tasks`, {
      key: h.adminKey,
      body: { title: 'x' },
    });
    expect(task.status).toBe(409);
    const taskId = recipe.current_version.tasks[0].id;
    expect(
      (await h.call('PUT', `/api/tasks/${taskId}`, { key: h.adminKey, body: { title: 'y' } })).status,
    ).toBe(409);
    expect((await h.call('GET', `/api/recipes/code/${recipe.code}`, { key: h.adminKey })).status).toBe(404);
  });

  it('measurement-count counts a version; 404 for an unknown version', async () => {
    const recipe = await recipeWithTask(h);
    const count = await h.call('GET', `/api/recipes/${recipe.id}/versions/2/measurement-count`, {
      key: h.adminKey,
    });
    expect(count.body).toEqual({ recipe_id: recipe.id, version_number: 2, measurement_count: 0 });
    const missing = await h.call('GET', `/api/recipes/${recipe.id}/versions/7/measurement-count`, {
      key: h.adminKey,
    });
    expect(missing.status).toBe(404);
  });

  it('two concurrent PUTs give two consecutive versions, never a duplicate', async () => {
    const recipe = await recipeWithTask(h);
    const puts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.call('PUT', `/api/recipes/${recipe.id}`, { key: h.adminKey, body: { change_notes: `edit ${i}` } }),
      ),
    );
    expect(puts.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = puts.map((p) => p.body.current_version.version_number).sort((a, b) => a - b);
    expect(numbers).toEqual([3, 4, 5, 6, 7, 8]);
    const versions = await h.call('GET', `/api/recipes/${recipe.id}/versions`, { key: h.adminKey });
    expect(versions.body).toHaveLength(8);
    const current = await h.call('GET', `/api/recipes/${recipe.id}`, { key: h.adminKey });
    expect(current.body.current_version.version_number).toBe(8);
    expect(current.body.current_version.tasks[0].subtasks).toHaveLength(2);
  });

  it('keeps limits of a copied subtask exactly', async () => {
    const recipe = await recipeWithTask(h);
    const sub = recipe.current_version.tasks[0].subtasks[0];
    expect(sub).toMatchObject({ marker_number: 1, ...limits(10) });
  });
});
