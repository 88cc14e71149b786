/** Stations and measurement recording of the fake API (see fake-store.ts). */
import { type App, AppError, notFound } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { classify, type FakeStore, now } from './fake-store.js';

type Body = Record<string, unknown>;
const fail = (status: number, detail: string) => new AppError(status, 'E', detail);

function pick(source: Body, keys: string[]): Body {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

export type UserOf = (request: FastifyRequest) => { id: number };
export type BodyOf = (request: FastifyRequest) => Body;

export function registerFakeStations(app: App, store: FakeStore, userOf: UserOf, body: BodyOf) {
  const station = (request: FastifyRequest) => {
    const found = store.stations.find((s) => s.id === Number((request.params as Body).id));
    if (!found) throw notFound('Station not found');
    return found;
  };
  const projection = (stationId: number) =>
    store.assignments
      .filter((a) => a.station_id === stationId)
      .map((a) => store.recipes.find((r) => r.id === a.recipe_id)!)
      .map((r) => ({ id: r.id, code: r.code, name: r.name, active: r.active }));
  app.get('/api/stations', async () => store.stations);
  app.post('/api/stations', async (request, reply) => {
    const b = body(request);
    if (store.stations.some((s) => s.code === b.code)) throw fail(409, 'Station code already exists');
    const created = {
      id: store.id(),
      code: String(b.code),
      name: String(b.name),
      location: (b.location as string) ?? null,
      notes: (b.notes as string) ?? null,
      active: b.active !== false,
      created_by: userOf(request).id,
      created_at: now(),
    };
    store.stations.push(created);
    return reply.status(201).send(created);
  });
  app.get('/api/stations/:id', async (request) => station(request));
  app.put('/api/stations/:id', async (request) =>
    Object.assign(station(request), pick(body(request), ['name', 'location', 'notes', 'active'])),
  );
  app.delete('/api/stations/:id', async (request, reply) => {
    const found = station(request);
    store.stations = store.stations.filter((s) => s !== found);
    store.assignments = store.assignments.filter((a) => a.station_id !== found.id);
    return reply.status(204).send();
  });
  app.get('/api/stations/:id/recipes', async (request) => projection(station(request).id));
  app.get('/api/stations/by-code/:code/recipes', async (request) => {
    const found = store.stations.find((s) => s.code === (request.params as Body).code && s.active);
    if (!found) throw notFound('Station not found or inactive');
    return projection(found.id).filter((r) => r.active);
  });
  app.post('/api/stations/:id/recipes', async (request, reply) => {
    const found = station(request);
    const recipeId = Number(body(request).recipe_id);
    if (store.assignments.some((a) => a.station_id === found.id && a.recipe_id === recipeId))
      throw fail(409, 'Already assigned');
    const assignment = {
      id: store.id(),
      station_id: found.id,
      recipe_id: recipeId,
      assigned_by: userOf(request).id,
      assigned_at: now(),
    };
    store.assignments.push(assignment);
    return reply.status(201).send(assignment);
  });
  app.delete('/api/stations/:id/recipes/:recipeId', async (request, reply) => {
    const found = station(request);
    store.assignments = store.assignments.filter(
      (a) => !(a.station_id === found.id && a.recipe_id === Number((request.params as Body).recipeId)),
    );
    return reply.status(204).send();
  });
}

export function registerFakeMeasurements(app: App, store: FakeStore, userOf: UserOf, body: BodyOf) {
  app.post('/api/measurements/batch', async (request) => {
    const items = body(request).measurements as Body[];
    const user = userOf(request);
    const created = items.map((item) => {
      const found = store.findSubtask(Number(item.subtask_id));
      if (!found) throw fail(400, `Invalid subtask ${item.subtask_id}`);
      const value = Number(item.value);
      return {
        id: store.id(),
        subtask_id: found.subtask.id,
        version_id: Number(item.version_id),
        measured_by: user.id,
        value,
        pass_fail: classify(value, found.subtask),
        deviation: value - found.subtask.nominal,
        lot_number: String(item.lot_number),
        serial_number: String(item.serial_number),
        input_method: String(item.input_method),
        measured_at: now(),
        synced_to_csv: false,
      };
    });
    store.measurements.push(...created);
    return created;
  });
}
