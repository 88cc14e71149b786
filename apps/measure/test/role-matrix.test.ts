import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../src/auth/guard-types.js';
import { limits, recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';
import { sampleImage } from './support/sample-files.js';

/** Who may call a route: any authenticated user, administrators only, or holders of one of the roles. */
type Access = 'any' | 'admin' | RoleName[];

interface Ctx {
  recipeId: number;
  versionId: number;
  taskId: number;
  subtaskId: number;
  stationId: number;
  userId: number;
  recipeCode: string;
  /** A stored image every caller may read. */
  filePath: string;
  png: Buffer;
}

/** A multipart body with one PNG (and optional text fields). */
function pngForm(c: Ctx, fields: Record<string, string | number> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([new Uint8Array(c.png)], { type: 'image/png' }), 'part.png');
  return form;
}

interface Row {
  method: string;
  path: (c: Ctx) => string;
  access: Access;
  body?: (c: Ctx) => unknown;
  form?: (c: Ctx) => FormData;
  /** The call revokes the key it was made with: use a throwaway key. */
  consumesKey?: boolean;
  /** The call destroys its target: make a fresh one for each caller (its fields override the context). */
  fresh?: (h: Harness, c: Ctx) => Promise<Partial<Ctx>>;
}

/** Every endpoint of the service. */
const ROWS: Row[] = [
  { method: 'GET', path: () => '/api/auth/me', access: 'any' },
  { method: 'PUT', path: () => '/api/auth/me', access: 'any', body: () => ({ theme_pref: 'dark' }) },
  { method: 'POST', path: () => '/api/auth/logout', access: 'any', consumesKey: true },
  { method: 'GET', path: () => '/api/users', access: 'admin' },
  {
    method: 'POST',
    path: () => '/api/users',
    access: 'admin',
    body: () => ({ username: uniqueCode('u'), password: 'password-123' }),
  },
  {
    method: 'PUT',
    path: (c) => `/api/users/${c.userId}`,
    access: 'admin',
    body: () => ({ email: 'e@x.io' }),
  },
  { method: 'POST', path: (c) => `/api/users/${c.userId}/regenerate-key`, access: 'admin' },
  { method: 'POST', path: (c) => `/api/users/${c.userId}/reactivate`, access: 'admin' },
  { method: 'DELETE', path: (c) => `/api/users/${c.userId}`, access: 'admin' },
  {
    method: 'POST',
    path: () => '/api/recipes',
    access: ['Maker'],
    body: () => ({ code: uniqueCode(), name: 'n' }),
  },
  { method: 'GET', path: () => '/api/recipes', access: 'any' },
  { method: 'GET', path: (c) => `/api/recipes/${c.recipeId}`, access: 'any' },
  { method: 'GET', path: (c) => `/api/recipes/code/${c.recipeCode}`, access: ['MeasurementTec'] },
  {
    method: 'PUT',
    path: (c) => `/api/recipes/${c.recipeId}`,
    access: ['Maker'],
    body: () => ({ change_notes: 'x' }),
  },
  { method: 'GET', path: (c) => `/api/recipes/${c.recipeId}/versions`, access: 'any' },
  { method: 'GET', path: (c) => `/api/recipes/${c.recipeId}/versions/1`, access: 'any' },
  {
    method: 'GET',
    path: (c) => `/api/recipes/${c.recipeId}/versions/1/measurement-count`,
    access: ['Maker'],
  },
  { method: 'GET', path: (c) => `/api/recipes/${c.recipeId}/tasks`, access: 'any' },
  {
    method: 'POST',
    path: (c) => `/api/recipes/${c.recipeId}/tasks`,
    access: ['Maker'],
    body: () => ({ title: 't' }),
  },
  { method: 'PUT', path: (c) => `/api/tasks/${c.taskId}`, access: ['Maker'], body: () => ({ title: 't2' }) },
  {
    method: 'PUT',
    path: () => '/api/tasks/reorder',
    access: ['Maker'],
    body: (c) => ({ task_ids: [c.taskId] }),
  },
  {
    method: 'POST',
    path: (c) => `/api/tasks/${c.taskId}/subtasks`,
    access: ['Maker'],
    body: () => ({ marker_number: 50, ...limits() }),
  },
  {
    method: 'PUT',
    path: (c) => `/api/subtasks/${c.subtaskId}`,
    access: ['Maker'],
    body: () => ({ unit: 'mm' }),
  },
  { method: 'DELETE', path: (c) => `/api/subtasks/${c.subtaskId}`, access: ['Maker'] },
  { method: 'DELETE', path: (c) => `/api/tasks/${c.taskId}`, access: ['Maker'] },
  {
    method: 'POST',
    path: () => '/api/measurements/',
    access: ['MeasurementTec'],
    body: (c) => ({ subtask_id: c.subtaskId, version_id: c.versionId, value: 10 }),
  },
  {
    method: 'POST',
    path: () => '/api/measurements/batch',
    access: ['MeasurementTec'],
    body: (c) => ({ measurements: [{ subtask_id: c.subtaskId, version_id: c.versionId, value: 10 }] }),
  },
  { method: 'GET', path: () => '/api/measurements/', access: ['Metrologist'] },
  {
    method: 'GET',
    path: (c) => `/api/measurements/serial-check?recipe_id=${c.recipeId}&lot_number=L&serial_number=S`,
    access: ['MeasurementTec', 'Metrologist'],
  },
  { method: 'GET', path: () => '/api/measurements/export/csv', access: ['MeasurementTec', 'Metrologist'] },
  { method: 'GET', path: () => '/api/settings/', access: 'any' },
  { method: 'PUT', path: () => '/api/settings/', access: 'admin', body: () => ({ matrix: 'x' }) },
  { method: 'GET', path: () => '/api/stations', access: 'admin' },
  {
    method: 'POST',
    path: () => '/api/stations',
    access: 'admin',
    body: () => ({ code: uniqueCode('S'), name: 'n' }),
  },
  { method: 'GET', path: (c) => `/api/stations/${c.stationId}`, access: 'admin' },
  {
    method: 'PUT',
    path: (c) => `/api/stations/${c.stationId}`,
    access: 'admin',
    body: () => ({ name: 'm' }),
  },
  { method: 'GET', path: (c) => `/api/stations/${c.stationId}/recipes`, access: 'admin' },
  { method: 'GET', path: () => '/api/stations/by-code/ST-DEFAULT/recipes', access: 'any' },
  {
    method: 'POST',
    path: (c) => `/api/stations/${c.stationId}/recipes`,
    access: 'admin',
    body: (c) => ({ recipe_id: c.recipeId }),
  },
  { method: 'DELETE', path: (c) => `/api/stations/${c.stationId}/recipes/${c.recipeId}`, access: 'admin' },
  { method: 'DELETE', path: (c) => `/api/stations/${c.stationId}`, access: 'admin' },
  ...['summary', 'capability', 'control-chart', 'histogram'].map(
    (name): Row => ({
      method: 'GET',
      path: (c) => `/api/statistics/${name}?recipe_id=${c.recipeId}&subtask_id=${c.subtaskId}`,
      access: ['Metrologist'],
    }),
  ),
  { method: 'GET', path: (c) => `/api/statistics/subtasks?recipe_id=${c.recipeId}`, access: ['Metrologist'] },
  { method: 'GET', path: (c) => `/api/statistics/overview?recipe_id=${c.recipeId}`, access: ['Metrologist'] },
  { method: 'GET', path: (c) => `/api/comments?recipe_id=${c.recipeId}`, access: ['Metrologist'] },
  {
    method: 'GET',
    path: (c) => `/api/reports/spc?recipe_id=${c.recipeId}&subtask_id=${c.subtaskId}`,
    access: ['Metrologist'],
  },
  {
    method: 'GET',
    path: (c) => `/api/reports/measurements?recipe_id=${c.recipeId}`,
    access: ['Metrologist'],
  },
  {
    method: 'POST',
    path: () => '/api/files/upload',
    access: ['Maker'],
    form: (c) => pngForm(c, { recipe_id: c.recipeId, version_id: c.versionId }),
  },
  { method: 'GET', path: (c) => `/api/files/${c.filePath}`, access: 'any' },
  {
    method: 'DELETE',
    path: (c) => `/api/files/${c.filePath}`,
    access: ['Maker'],
    fresh: async (h, c) => ({ filePath: await upload(h, c) }),
  },
  { method: 'POST', path: () => '/api/settings/logo', access: 'admin', form: (c) => pngForm(c) },
  { method: 'DELETE', path: (c) => `/api/recipes/${c.recipeId}`, access: ['Maker'] },
];

async function upload(h: Harness, c: Ctx): Promise<string> {
  const res = await h.call('POST', '/api/files/upload', { key: h.adminKey, form: pngForm(c) });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body.file_path;
}

const CALLERS = ['Maker', 'MeasurementTec', 'Metrologist', 'admin without roles'] as const;
type CallerName = (typeof CALLERS)[number];

function allowed(access: Access, caller: CallerName): boolean {
  if (access === 'any') return true;
  if (access === 'admin') return caller === 'admin without roles';
  return (access as string[]).includes(caller);
}

describe.each(DIALECTS)('role matrix on %s', (dialect) => {
  let h: Harness;
  let ctx: Ctx;
  const users = new Map<CallerName, { key: string; username: string }>();

  beforeAll(async () => {
    h = await startMeasure(dialect);
    for (const name of CALLERS) {
      users.set(name, name === 'admin without roles' ? await h.user([], true) : await h.user([name]));
    }
    const recipe = await recipeWithTask(h);
    const task = recipe.current_version.tasks[0];
    const station = await h.call('POST', '/api/stations', {
      key: h.adminKey,
      body: { code: uniqueCode('S'), name: 's' },
    });
    const partial = { png: await sampleImage('png', 60, 40) } as Ctx;
    ctx = {
      ...partial,
      filePath: await upload(h, partial),
      recipeId: recipe.id,
      recipeCode: recipe.code,
      versionId: recipe.current_version.id,
      taskId: task.id,
      subtaskId: task.subtasks[0].id,
      stationId: station.body.id,
      userId: (await h.user([])).id,
    };
  });
  afterAll(() => h?.close());

  async function keyFor(name: CallerName, row: Row): Promise<string> {
    const user = users.get(name) as { key: string; username: string };
    if (!row.consumesKey) return user.key;
    const login = await h.call('POST', '/api/auth/login', {
      body: { username: user.username, password: 'password-123' },
    });
    return login.body.api_key;
  }

  const call = async (row: Row, key: string | undefined) => {
    const c = row.fresh ? { ...ctx, ...(await row.fresh(h, ctx)) } : ctx;
    return h.call(row.method, row.path(c), {
      ...(key === undefined ? {} : { key }),
      body: row.body?.(c),
      ...(row.form ? { form: row.form(c) } : {}),
    });
  };

  it.each(
    ROWS.map((row) => [`${row.method} ${row.path({} as Ctx).replace(/undefined/g, '{id}')}`, row] as const),
  )('%s', async (_name, row) => {
    expect((await call(row, undefined)).status).toBe(401);
    expect((await call(row, 'mk_not-a-real-key')).status).toBe(401);
    for (const name of CALLERS) {
      const res = await call(row, await keyFor(name, row));
      if (allowed(row.access, name)) {
        expect([401, 403], `${name} should pass: ${res.status} ${res.text}`).not.toContain(res.status);
        expect(res.status, `${name}: ${res.text}`).toBeLessThan(500);
      } else {
        expect(res.status, `${name} should be refused`).toBe(403);
        expect(res.body.detail).toBeTypeOf('string');
      }
    }
  });
});
