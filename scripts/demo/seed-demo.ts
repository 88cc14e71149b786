/**
 * Seeds the demo shop through the public API of a running measurement service, as an admin, maker and
 * operator would. Idempotent: every step first looks whether its result is already there (users by
 * name, the recipe by code, its task, the measurements by count and a fixed batch id, the station
 * assignment), so a second run changes nothing and says so, and a run cut short is completed by the next.
 */
import {
  DEMO_BATCH_ID,
  DEMO_POINTS,
  DEMO_RECIPE,
  DEMO_STATION,
  DEMO_USERS,
  demoAnnotations,
  demoDrawing,
  demoReadings,
  subtaskOf,
} from './demo-shop.js';

export interface SeedOptions {
  /** The service's base URL, e.g. http://127.0.0.1:8000 (the API is under /api). */
  url: string;
  adminUsername: string;
  adminPassword: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  recipeId: number;
  /** Measurements stored now (0 when an earlier run stored them). */
  measurementsAdded: number;
  usersAdded: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, read field by field
type Json = any;

export class DemoSeedError extends Error {}

function client(url: string) {
  const call = async (key: string | null, method: string, path: string, body?: unknown): Promise<Json> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        ...(key ? { 'X-API-Key': key } : {}),
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 404 && method === 'GET') return null;
    if (!response.ok) {
      throw new DemoSeedError(`${method} /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return text ? JSON.parse(text) : null;
  };
  const login = async (username: string, password: string): Promise<string> =>
    (await call(null, 'POST', '/auth/login', { username, password })).api_key;
  return { call, login };
}

export async function seedDemo(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const { call, login } = client(options.url.replace(/\/+$/, ''));
  const admin = await login(options.adminUsername, options.adminPassword);

  const existing: Json[] = await call(admin, 'GET', '/users');
  const usersAdded: string[] = [];
  for (const user of DEMO_USERS) {
    if (existing.some((u) => u.username === user.username)) {
      log(`user ${user.username}: already there (password left as it is)`);
      continue;
    }
    const { role: _role, ...body } = user;
    await call(admin, 'POST', '/users', {
      ...body,
      email: `${user.username}@demo.example`,
      language_pref: 'en',
    });
    usersAdded.push(user.username);
    log(`user ${user.username}: created`);
  }

  const maker = await login('mara', passwordOf('mara'));
  let recipe: Json = await call(admin, 'GET', `/recipes/code/${DEMO_RECIPE.code}`);
  if (!recipe) {
    await call(maker, 'POST', '/recipes', DEMO_RECIPE);
    recipe = await call(admin, 'GET', `/recipes/code/${DEMO_RECIPE.code}`);
    log(`recipe ${DEMO_RECIPE.code}: created`);
  } else log(`recipe ${DEMO_RECIPE.code}: already there`);

  if (recipe.current_version.tasks.length === 0) {
    const form = new FormData();
    form.append('recipe_id', String(recipe.id));
    form.append('version_id', String(recipe.current_version.id));
    form.append(
      'file',
      new Blob([new Uint8Array(await demoDrawing())], { type: 'image/png' }),
      'flange-dn50.png',
    );
    const drawing = await call(maker, 'POST', '/files/upload', form);
    await call(maker, 'POST', `/recipes/${recipe.id}/tasks`, {
      title: 'Flange dimensions',
      directive: 'Measure each point at the numbered marker with the caliper',
      file_type: 'image',
      file_path: drawing.file_path,
      annotations_json: demoAnnotations(),
      subtasks: DEMO_POINTS.map(subtaskOf),
    });
    recipe = await call(admin, 'GET', `/recipes/code/${DEMO_RECIPE.code}`);
    log('task with drawing and four markers: created');
  }

  const version = recipe.current_version;
  const counted = await call(
    maker,
    'GET',
    `/recipes/${recipe.id}/versions/${version.version_number}/measurement-count`,
  );
  let measurementsAdded = 0;
  if (counted.measurement_count > 0) log(`measurements: ${counted.measurement_count} already there`);
  else {
    const subtaskIds = new Map<number, number>(
      version.tasks.flatMap((t: Json) => t.subtasks).map((s: Json) => [s.marker_number, s.id]),
    );
    const operator = await login('otto', passwordOf('otto'));
    const measurements = demoReadings().map(({ marker_number, ...reading }) => ({
      ...reading,
      subtask_id: subtaskIds.get(marker_number),
      version_id: version.id,
      input_method: 'usb_caliper',
    }));
    const stored = await call(operator, 'POST', '/measurements/batch', {
      batch_id: DEMO_BATCH_ID,
      measurements,
    });
    measurementsAdded = stored.length;
    log(`measurements: ${measurementsAdded} stored`);
  }

  const stations: Json[] = await call(admin, 'GET', '/stations');
  const station = stations.find((s) => s.code === DEMO_STATION);
  if (!station) throw new DemoSeedError(`station ${DEMO_STATION} not found (an admin deleted it?)`);
  const assigned: Json[] = await call(admin, 'GET', `/stations/${station.id}/recipes`);
  if (assigned.some((r) => r.id === recipe.id)) log(`station ${DEMO_STATION}: recipe already assigned`);
  else {
    await call(admin, 'POST', `/stations/${station.id}/recipes`, { recipe_id: recipe.id });
    log(`station ${DEMO_STATION}: recipe assigned`);
  }
  return { recipeId: recipe.id, measurementsAdded, usersAdded };
}

function passwordOf(username: string): string {
  const user = DEMO_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user.password;
}
