import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrate, migratorFor, openDatabase } from '../src/db/database.js';
import { recipeWithTask } from './helpers/fixtures.js';
import { createPgSchema, DIALECTS, type Harness, startMeasure } from './helpers/harness.js';
import { sampleImage } from './support/sample-files.js';

/** A task's image as the web client stores it: upload, then `PUT /tasks/{id}` with the returned `file_path`. */
describe.each(DIALECTS)('the task image (file_path) on %s', (dialect) => {
  let h: Harness;
  let maker: { key: string };
  let tec: { key: string };
  beforeAll(async () => {
    h = await startMeasure(dialect);
    maker = await h.user(['Maker']);
    tec = await h.user(['MeasurementTec']);
  });
  afterAll(() => h?.close());

  const current = async (recipeId: number) =>
    (await h.call('GET', `/api/recipes/${recipeId}`, { key: maker.key })).body.current_version;
  const putTask = (taskId: number, body: unknown) =>
    h.call('PUT', `/api/tasks/${taskId}`, { key: maker.key, body });

  async function uploadFor(recipe: { id: number; current_version: { id: number } }): Promise<string> {
    const form = new FormData();
    form.append('recipe_id', String(recipe.id));
    form.append('version_id', String(recipe.current_version.id));
    form.append('file', new Blob([new Uint8Array(await sampleImage('png', 80, 40))]), 'flange.png');
    const stored = await h.call('POST', '/api/files/upload', { key: maker.key, form });
    expect(stored.status).toBe(200);
    return stored.body.file_path;
  }

  it('stores the uploaded path on the task, returns it everywhere and clears it with null', async () => {
    const recipe = await recipeWithTask(h, maker.key);
    const task = recipe.current_version.tasks[0];
    expect(task.file_path).toBeNull();
    const path = await uploadFor(recipe);
    const updated = await putTask(task.id, { file_type: 'image', file_path: path });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: task.id, file_type: 'image', file_path: path });
    expect((await current(recipe.id)).tasks[0].file_path).toBe(path);
    const listed = await h.call('GET', `/api/recipes/${recipe.id}/tasks`, { key: tec.key });
    expect(listed.body[0].file_path).toBe(path);
    const image = await fetch(`${h.url}/api/files/${listed.body[0].file_path}`, {
      headers: { 'x-api-key': tec.key },
    });
    expect(image.status).toBe(200);

    expect((await putTask(task.id, { file_path: null })).body.file_path).toBeNull();
    expect((await current(recipe.id)).tasks[0].file_path).toBeNull();
  });

  it('accepts file_path when a task is created', async () => {
    const recipe = await recipeWithTask(h, maker.key);
    const path = await uploadFor(recipe);
    const created = await h.call('POST', `/api/recipes/${recipe.id}/tasks`, {
      key: maker.key,
      body: { title: 'Bore', file_type: 'image', file_path: path },
    });
    expect(created.status).toBe(201);
    expect(created.body.file_path).toBe(path);
  });

  it('copies the image with the task into every new version; older versions keep theirs', async () => {
    const recipe = await recipeWithTask(h, maker.key);
    const path = await uploadFor(recipe);
    const task = recipe.current_version.tasks[0];
    await putTask(task.id, { file_type: 'image', file_path: path });

    // PUT recipe: copy-on-write
    await h.call('PUT', `/api/recipes/${recipe.id}`, { key: maker.key, body: { change_notes: 'v3' } });
    const v3 = await current(recipe.id);
    expect(v3.version_number).toBe(3);
    expect(v3.tasks[0].id).not.toBe(task.id);
    expect(v3.tasks[0].file_path).toBe(path);

    // a measurement on v3, then an edit of the image forks v4; v3 keeps the old image
    const subtask = v3.tasks[0].subtasks[0];
    const measured = await h.call('POST', '/api/measurements/', {
      key: tec.key,
      body: { subtask_id: subtask.id, version_id: v3.id, value: 10 },
    });
    expect(measured.status).toBe(200);
    const second = await uploadFor({ id: recipe.id, current_version: v3 });
    const forked = await putTask(v3.tasks[0].id, { file_path: second });
    expect(forked.status).toBe(200);
    expect(forked.body.id).not.toBe(v3.tasks[0].id);
    expect(forked.body.file_path).toBe(second);
    const old = await h.call('GET', `/api/recipes/${recipe.id}/versions/3`, { key: maker.key });
    expect(old.body.tasks[0].file_path).toBe(path);
  });

  it.each([
    ['../uploads/x.png'],
    ['/etc/passwd'],
    ['general\\x.png'],
    ['general//x.png'],
    ['general/../../measure.sqlite'],
    ['.hidden/x.png'],
    ['general/x.png?'],
    [''],
    [`general/${'a'.repeat(250)}.png`],
    [42],
  ])('refuses %j as file_path with 422 naming the field and changes nothing', async (value) => {
    const recipe = await recipeWithTask(h, maker.key);
    const task = recipe.current_version.tasks[0];
    const res = await putTask(task.id, { file_path: value });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/file_path/);
    expect((await current(recipe.id)).tasks[0].file_path).toBeNull();
  });
});

describe.each(DIALECTS)('the file_path migration on %s', (dialect) => {
  let dataDir: string;
  let database: Database;
  let dropSchema: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'measure-migrate-'));
    const pgUrl = process.env.DATABASE_URL;
    let pgSchema: string | undefined;
    if (dialect === 'postgres' && pgUrl)
      ({ schema: pgSchema, drop: dropSchema } = await createPgSchema(pgUrl));
    database = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined, pgSchema });
  });
  afterAll(async () => {
    await database?.destroy();
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds the column to a database made before it, keeps its tasks, and runs once', async () => {
    const { error } = await (await migratorFor(database)).migrateTo('0001-initial');
    expect(error).toBeUndefined();
    const { db } = database;
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({
        username: 'u',
        password_hash: 'x',
        display_name: '',
        email: '',
        roles: '[]',
        is_admin: 0,
        active: 1,
        language_pref: 'en',
        theme_pref: 'light',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipe = await db
      .insertInto('recipes')
      .values({
        code: 'OLD',
        name: 'Old',
        description: '',
        active: 1,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await db
      .insertInto('recipe_versions')
      .values({
        recipe_id: recipe.id,
        version_number: 1,
        change_notes: '',
        created_by: user.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('tasks')
      .values({
        version_id: version.id,
        order_index: 0,
        title: 'Old task',
        directive: '',
        description: '',
        file_type: '',
        annotations_json: null,
      })
      .execute();

    await migrate(database);
    await migrate(database);
    const tasks = await db.selectFrom('tasks').selectAll().execute();
    expect(tasks).toEqual([expect.objectContaining({ title: 'Old task', file_path: null })]);
    const ran = (await (await migratorFor(database)).getMigrations()).filter((m) => m.executedAt);
    expect(ran.map((m) => m.name)).toContain('0002-task-file-path');
  });
});
