import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  DIALECTS,
  type Harness,
  startMeasure,
} from '../../apps/measure/test/helpers/harness.js';
import { DEMO_PARTS, DEMO_RECIPE, DEMO_STATION, DEMO_USERS, OUTLIER_PART } from './demo-shop.js';
import { seedDemo } from './seed-demo.js';

/**
 * `npm run demo` against a started service: what a newcomer then sees as each demo user — the operator's
 * station offers the flange recipe, the metrologist finds 320 measurements with a drift and an outlier,
 * the maker the drawing with its markers — and a second run changes nothing.
 */
describe.each(DIALECTS)('the demo shop on %s', (dialect) => {
  let h: Harness;
  const seed = () => seedDemo({ url: h.url, adminUsername: 'admin', adminPassword: ADMIN_PASSWORD });
  const loginAs = async (username: string) => {
    const user = DEMO_USERS.find((u) => u.username === username);
    const reply = await h.call('POST', '/api/auth/login', { body: { username, password: user?.password } });
    expect(reply.status).toBe(200);
    return reply.body.api_key as string;
  };

  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  it('gives every role a login, and the admin sees them with their roles', async () => {
    const result = await seed();
    expect(result.usersAdded).toEqual(['mara', 'otto', 'meta', 'ada']);
    expect(result.measurementsAdded).toBe(DEMO_PARTS * 4);
    const users = (await h.call('GET', '/api/users', { key: h.adminKey })).body;
    const byName = (name: string) => users.find((u: { username: string }) => u.username === name);
    expect(byName('mara')).toMatchObject({ roles: ['Maker'], is_admin: false, active: true });
    expect(byName('otto')).toMatchObject({ roles: ['MeasurementTec'], is_admin: false });
    expect(byName('meta')).toMatchObject({ roles: ['Metrologist'], is_admin: false });
    expect(byName('ada')).toMatchObject({ is_admin: true });
    const adaKey = await loginAs('ada');
    expect((await h.call('GET', '/api/users', { key: adaKey })).status).toBe(200);
  });

  it('offers the flange recipe at station ST-DEFAULT to the operator', async () => {
    const otto = await loginAs('otto');
    const offered = await h.call('GET', `/api/stations/by-code/${DEMO_STATION}/recipes`, { key: otto });
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual([
      expect.objectContaining({ code: DEMO_RECIPE.code, name: DEMO_RECIPE.name }),
    ]);
  });

  it('shows the maker a drawing with a marker on each of the four points', async () => {
    const mara = await loginAs('mara');
    const recipe = (await h.call('GET', `/api/recipes/code/${DEMO_RECIPE.code}`, { key: h.adminKey })).body;
    const [task] = recipe.current_version.tasks;
    expect(task.subtasks.map((s: { description: string }) => s.description)).toEqual([
      'Outer Ø',
      'Bore Ø',
      'Thickness',
      'Hole circle Ø',
    ]);
    expect(task.subtasks[0]).toMatchObject({
      nominal: 120,
      ltl: 119.9,
      lwl: 119.95,
      uwl: 120.05,
      utl: 120.1,
    });
    expect(task.annotations_json.markers.map((m: { marker_number: number }) => m.marker_number)).toEqual([
      1, 2, 3, 4,
    ]);
    const drawing = await h.call('GET', `/api/files/${task.file_path}`, { key: mara });
    expect(drawing.status).toBe(200);
    expect(drawing.headers.get('content-type')).toBe('image/png');
  });

  it('gives the metrologist a few hundred measurements with a drift on the outer Ø and one thickness outlier', async () => {
    const meta = await loginAs('meta');
    const recipe = (await h.call('GET', `/api/recipes/code/${DEMO_RECIPE.code}`, { key: h.adminKey })).body;
    const [outer, , thickness] = recipe.current_version.tasks[0].subtasks;
    const list = await h.call('GET', `/api/measurements?recipe_id=${recipe.id}&per_page=1`, { key: meta });
    expect(list.body.total).toBe(DEMO_PARTS * 4);

    const values = async (subtaskId: number) => {
      const page = await h.call('GET', `/api/measurements?subtask_id=${subtaskId}&per_page=500`, {
        key: meta,
      });
      return page.body.items as {
        value: number;
        serial_number: string;
        pass_fail: string;
        measured_by: number;
      }[];
    };
    const outerValues = (await values(outer.id)).sort((a, b) =>
      a.serial_number.localeCompare(b.serial_number),
    );
    const mean = (xs: { value: number }[]) => xs.reduce((sum, x) => sum + x.value, 0) / xs.length;
    // tool wear: the last lot runs clearly larger than the first
    expect(mean(outerValues.slice(-20)) - mean(outerValues.slice(0, 20))).toBeGreaterThan(0.03);
    const failed = (await values(thickness.id)).filter((m) => m.pass_fail === 'fail');
    expect(failed.map((m) => m.serial_number)).toEqual([`SN-${String(OUTLIER_PART).padStart(4, '0')}`]);
    const users = (await h.call('GET', '/api/users', { key: h.adminKey })).body;
    const otto = users.find((u: { username: string }) => u.username === 'otto');
    expect(new Set(outerValues.map((m) => m.measured_by))).toEqual(new Set([otto.id]));
  });

  it('changes nothing when run a second time', async () => {
    const again = await seed();
    expect(again).toMatchObject({ usersAdded: [], measurementsAdded: 0 });
    const list = await h.call('GET', `/api/measurements?recipe_id=${again.recipeId}&per_page=1`, {
      key: h.adminKey,
    });
    expect(list.body.total).toBe(DEMO_PARTS * 4);
    const stations = (await h.call('GET', '/api/stations', { key: h.adminKey })).body;
    const station = stations.find((s: { code: string }) => s.code === DEMO_STATION);
    const assigned = await h.call('GET', `/api/stations/${station.id}/recipes`, { key: h.adminKey });
    expect(assigned.body).toHaveLength(1);
  });
});
