/**
 * A fake of the measurement API for screenshots and for dry-running the browser scenario in the web
 * branch (see fake-store.ts). Serves the built client at / through the real web plugin.
 */
import { type App, AppError, createApp, type Logger, notFound } from '@app/kit';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { webPlugin } from '../../measure/src/web/web.plugin.js';
import { registerFakeMeasurements, registerFakeStations } from './fake-stations.js';
import { registerFakeStatistics } from './fake-statistics.js';
import { type FakeStore, type FakeSubtask, now } from './fake-store.js';

type Body = Record<string, unknown>;
const fail = (status: number, detail: string) => new AppError(status, 'E', detail);

export async function buildFakeApi(store: FakeStore, logger: Logger, webRoot: string): Promise<App> {
  const app = await createApp({
    logger,
    renderError: (error) => ({ detail: error.message }),
    bodyLimit: 10 * 1024 * 1024,
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 } });

  const userOf = (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    const user = store.users.find((u) => u.id === store.keys.get(String(key)) && u.active);
    if (!user) throw fail(401, 'Invalid or missing API key');
    return user;
  };
  app.addHook('preHandler', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') && path !== '/api/auth/login' && path !== '/api/health') userOf(request);
  });
  const body = (request: FastifyRequest) => (request.body ?? {}) as Body;
  const num = (value: unknown) => Number(value);
  const recipeOr404 = (id: number) => {
    const recipe = store.recipes.find((r) => r.id === id);
    if (!recipe) throw notFound('Recipe not found');
    return recipe;
  };

  app.get('/api/health', async () => ({ status: 'ok', service: 'measure-fake', version: '0.1.0' }));
  app.post('/api/auth/login', async (request) => {
    const { username, password } = body(request);
    const user = store.users.find((u) => u.username === username && u.password === password && u.active);
    if (!user) throw fail(401, 'Invalid credentials');
    return { user: store.publicUser(user), api_key: store.issueKey(user.id) };
  });
  app.get('/api/auth/me', async (request) => store.publicUser(userOf(request)));
  app.put('/api/auth/me', async (request) => {
    const user = userOf(request);
    Object.assign(user, pick(body(request), ['display_name', 'language_pref', 'theme_pref']));
    return store.publicUser(user);
  });
  app.post('/api/auth/logout', async (request, reply) => {
    store.keys.delete(String(request.headers['x-api-key']));
    return reply.status(204).send();
  });

  app.get('/api/users', async () => store.users.map((u) => store.publicUser(u)));
  app.post('/api/users', async (request, reply) => {
    const b = body(request);
    if (store.users.some((u) => u.username === b.username)) throw fail(409, 'Username already exists');
    const user = {
      id: store.id(),
      active: true,
      roles: [],
      is_admin: false,
      display_name: '',
      email: '',
      language_pref: 'en',
      theme_pref: 'light',
      ...b,
    } as never;
    store.users.push(user);
    return reply.status(201).send(store.publicUser(user));
  });
  app.put('/api/users/:id', async (request) => {
    const user = store.users.find((u) => u.id === num((request.params as Body).id));
    if (!user) throw notFound('User not found');
    Object.assign(user, pick(body(request), ['display_name', 'email', 'roles', 'is_admin', 'language_pref']));
    return store.publicUser(user);
  });
  app.delete('/api/users/:id', async (request, reply) => {
    const user = store.users.find((u) => u.id === num((request.params as Body).id));
    if (!user) throw notFound('User not found');
    if (user.id === userOf(request).id) throw fail(400, 'You cannot deactivate yourself');
    user.active = false;
    return reply.status(204).send();
  });
  app.post('/api/users/:id/regenerate-key', async (request) => {
    const id = num((request.params as Body).id);
    for (const [key, owner] of store.keys) if (owner === id) store.keys.delete(key);
    return { api_key: store.issueKey(id), message: 'API key regenerated' };
  });

  app.get('/api/recipes', async (request) => {
    const q = request.query as Body;
    const page = num(q.page ?? 1);
    const perPage = num(q.per_page ?? 20);
    const search = String(q.search ?? '').toLowerCase();
    const all = store.recipes.filter(
      (r) => r.active && (!search || `${r.code} ${r.name}`.toLowerCase().includes(search)),
    );
    const items = all.slice((page - 1) * perPage, page * perPage).map((r) => store.publicRecipe(r));
    return { items, total: all.length, page, per_page: perPage, pages: Math.ceil(all.length / perPage) };
  });
  app.post('/api/recipes', async (request, reply) => {
    const b = body(request);
    if (store.recipes.some((r) => r.code === b.code)) throw fail(409, 'Recipe code already exists');
    const recipe = {
      id: store.id(),
      code: String(b.code),
      name: String(b.name),
      description: String(b.description ?? ''),
      active: true,
      created_at: now(),
      updated_at: now(),
      created_by: userOf(request).id,
      versions: [
        {
          id: store.id(),
          version_number: 1,
          change_notes: String(b.change_notes ?? '') || null,
          created_at: now(),
        },
      ],
      tasks: [],
    };
    store.recipes.push(recipe);
    return reply.status(201).send(store.publicRecipe(recipe));
  });
  app.get('/api/recipes/:id', async (request) =>
    store.publicRecipe(recipeOr404(num((request.params as Body).id))),
  );
  app.get('/api/recipes/code/:code', async (request) => {
    const recipe = store.recipes.find((r) => r.code === (request.params as Body).code && r.active);
    if (!recipe) throw notFound('Recipe not found');
    return store.publicRecipe(recipe);
  });
  app.put('/api/recipes/:id', async (request) => {
    const recipe = recipeOr404(num((request.params as Body).id));
    if (!recipe.active) throw fail(409, 'Recipe is inactive');
    const b = body(request);
    Object.assign(recipe, pick(b, ['name', 'description']), { updated_at: now() });
    store.newVersion(recipe, String(b.change_notes ?? '') || null);
    return store.publicRecipe(recipe);
  });
  app.delete('/api/recipes/:id', async (request) => {
    const recipe = recipeOr404(num((request.params as Body).id));
    recipe.active = false;
    return store.publicRecipe(recipe);
  });
  app.get(
    '/api/recipes/:id/versions',
    async (request) => recipeOr404(num((request.params as Body).id)).versions,
  );
  app.get('/api/recipes/:id/versions/:n/measurement-count', async (request) => {
    const params = request.params as Body;
    const recipe = recipeOr404(num(params.id));
    const version = recipe.versions.find((v) => v.version_number === num(params.n));
    return {
      recipe_id: recipe.id,
      version_number: num(params.n),
      measurement_count: store.measurements.filter((m) => m.version_id === version?.id).length,
    };
  });

  app.post('/api/recipes/:id/tasks', async (request, reply) => {
    const recipe = recipeOr404(num((request.params as Body).id));
    const b = body(request);
    const version = store.newVersion(recipe, null);
    const task = {
      id: store.id(),
      version_id: version.id,
      order_index: recipe.tasks.length,
      title: String(b.title),
      directive: String(b.directive ?? ''),
      description: String(b.description ?? ''),
      file_type: (b.file_type as string) ?? null,
      file_path: (b.file_path as string) ?? null,
      annotations_json: b.annotations_json ?? null,
      subtasks: [],
    };
    recipe.tasks.push(task);
    return reply.status(201).send(task);
  });
  app.put('/api/tasks/reorder', async (request) => {
    const ids = body(request).task_ids as number[];
    const found = ids.map((id) => store.findTask(id));
    if (found.some((f) => !f)) throw fail(400, 'Unknown task');
    ids.forEach((id, index) => {
      store.findTask(id)!.task.order_index = index;
    });
    return found.map((f) => f!.task).sort((a, b) => a.order_index - b.order_index);
  });
  app.put('/api/tasks/:id', async (request) => {
    const found = store.findTask(num((request.params as Body).id));
    if (!found) throw notFound('Task not found');
    Object.assign(
      found.task,
      pick(body(request), [
        'title',
        'directive',
        'description',
        'file_type',
        'file_path',
        'annotations_json',
      ]),
    );
    return found.task;
  });
  app.delete('/api/tasks/:id', async (request, reply) => {
    const found = store.findTask(num((request.params as Body).id));
    if (!found) throw notFound('Task not found');
    found.recipe.tasks = found.recipe.tasks.filter((t) => t !== found.task);
    return reply.status(204).send();
  });
  app.post('/api/tasks/:id/subtasks', async (request, reply) => {
    const found = store.findTask(num((request.params as Body).id));
    if (!found) throw notFound('Task not found');
    const b = body(request) as unknown as FakeSubtask;
    checkLimits(b);
    if (found.recipe.tasks.some((t) => t.subtasks.some((s) => s.marker_number === b.marker_number)))
      throw fail(409, 'Marker number already present');
    const subtask = { ...b, id: store.id(), task_id: found.task.id };
    found.task.subtasks.push(subtask);
    return reply.status(201).send(subtask);
  });
  app.put('/api/subtasks/:id', async (request) => {
    const found = store.findSubtask(num((request.params as Body).id));
    if (!found) throw notFound('Subtask not found');
    const next = { ...found.subtask, ...(body(request) as Partial<FakeSubtask>) };
    checkLimits(next);
    Object.assign(found.subtask, next);
    return found.subtask;
  });
  app.delete('/api/subtasks/:id', async (request, reply) => {
    const found = store.findSubtask(num((request.params as Body).id));
    if (!found) throw notFound('Subtask not found');
    found.task.subtasks = found.task.subtasks.filter((s) => s !== found.subtask);
    return reply.status(204).send();
  });

  const readUpload = async (request: FastifyRequest) => {
    const fields: Body = {};
    let file: { name: string; type: string; data: Buffer } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file')
        file = { name: part.filename, type: part.mimetype, data: await part.toBuffer() };
      else fields[part.fieldname] = part.value;
    }
    if (!file) throw fail(400, 'No file');
    return { file, fields };
  };
  app.post('/api/files/upload', async (request) => {
    const { file, fields } = await readUpload(request);
    const dir = fields.recipe_id ? `${fields.recipe_id}/${fields.version_id}` : 'general';
    const path = `${dir}/${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    store.files.set(path, { type: file.type, data: file.data });
    return { file_path: path, file_type: file.type, file_size: file.data.length };
  });
  app.get('/api/files/*', async (request, reply) => {
    const path = decodeURIComponent((request.params as Body)['*'] as string);
    const stored = store.files.get(path);
    if (!stored) throw notFound('File not found');
    return reply.type(stored.type).send(stored.data);
  });

  app.get('/api/settings/', async () => store.settings);
  app.put('/api/settings/', async (request) => {
    Object.assign(store.settings, body(request));
    return { message: 'Settings updated', updated_keys: Object.keys(body(request)) };
  });
  app.post('/api/settings/logo', async (request) => {
    const { file } = await readUpload(request);
    const path = `logos/company_logo.${file.type.split('/')[1]?.replace('svg+xml', 'svg') ?? 'png'}`;
    store.files.set(path, { type: file.type, data: file.data });
    store.settings.company_logo_path = path;
    return { message: 'Logo uploaded', logo_path: path, file_size: file.data.length };
  });

  registerFakeStations(app, store, userOf, body);
  registerFakeMeasurements(app, store, userOf, body);
  registerFakeStatistics(app, store);
  await app.register(webPlugin, { root: webRoot });
  return app;
}

function pick(source: Body, keys: string[]): Body {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

function checkLimits(s: FakeSubtask) {
  if (!(s.ltl <= s.lwl && s.lwl <= s.nominal && s.nominal <= s.uwl && s.uwl <= s.utl))
    throw fail(422, 'Limits out of order');
}
