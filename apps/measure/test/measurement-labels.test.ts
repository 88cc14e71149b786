import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

/** What the metrologist's table and the station's duplicate-serial warning read from the API. */
describe.each(DIALECTS)('measurement labels and the serial check on %s', (dialect) => {
  let h: Harness;
  let tec: { id: number; key: string; username: string };
  let metro: { id: number; key: string };
  let recipeId = 0;
  beforeAll(async () => {
    h = await startMeasure(dialect);
    tec = await h.user(['MeasurementTec']);
    metro = await h.user(['Metrologist']);
    await h.call('PUT', `/api/users/${tec.id}`, { key: h.adminKey, body: { display_name: 'Olga Operator' } });
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const version = recipe.current_version;
    const [s1, s2] = version.tasks[0].subtasks;
    const item = (subtask: { id: number }, value: number, serial: string) => ({
      subtask_id: subtask.id,
      version_id: version.id,
      value,
      lot_number: 'LOT-7',
      serial_number: serial,
    });
    const stored = await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: [item(s1, 10.1, 'SN-1'), item(s2, 20.2, 'SN-1')] },
    });
    expect(stored.status).toBe(200);
  });
  afterAll(() => h?.close());

  it('lists each measurement with the operator’s name and its point’s marker number', async () => {
    const list = await h.call('GET', `/api/measurements/?recipe_id=${recipeId}`, { key: metro.key });
    expect(list.status).toBe(200);
    const rows = list.body.items.map((m: { value: number; operator_name: string; marker_number: number }) => [
      m.value,
      m.operator_name,
      m.marker_number,
    ]);
    expect(rows.sort()).toEqual([
      [10.1, 'Olga Operator', 1],
      [20.2, 'Olga Operator', 2],
    ]);
  });

  it('tells the station a serial number of the lot was measured already', async () => {
    const check = (serial: string, lot = 'LOT-7') =>
      h.call(
        'GET',
        `/api/measurements/serial-check?recipe_id=${recipeId}&lot_number=${lot}&serial_number=${serial}`,
        { key: tec.key },
      );
    const taken = await check('SN-1');
    expect(taken.status).toBe(200);
    expect(taken.body.measurement_count).toBe(2);
    expect(Date.parse(taken.body.last_measured_at)).not.toBeNaN();
    expect((await check('SN-2')).body).toEqual({ measurement_count: 0, last_measured_at: null });
    expect((await check('SN-1', 'LOT-8')).body.measurement_count).toBe(0);
    const missing = await h.call('GET', `/api/measurements/serial-check?recipe_id=${recipeId}&lot_number=L`, {
      key: tec.key,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('serial_number');
  });
});
