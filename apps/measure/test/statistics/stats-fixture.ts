/**
 * A recipe with measurements of known values, operators, lots, serials, versions and times, so each
 * statistics filter can be checked against the pure spc module run on the same selection.
 */
import { limits, recipeWithTask, uniqueCode } from '../helpers/fixtures.js';
import type { Harness } from '../helpers/harness.js';

export interface StoredPoint {
  id: number;
  subtask_id: number;
  version_id: number;
  measured_by: number;
  value: number;
  pass_fail: 'pass' | 'warning' | 'fail';
  lot_number: string;
  serial_number: string;
  measured_at: string;
}

export interface StatsFixture {
  recipeId: number;
  recipeCode: string;
  recipeName: string;
  /** Subtask ids of marker 1 and 2 on version 2, where most measurements are. */
  s1: number;
  s2: number;
  versionId: number;
  /** Then the recipe is edited: version 3 is current, with new subtask ids and three more measurements. */
  currentVersionId: number;
  currentS1: number;
  points: StoredPoint[];
  operators: { id: number; key: string }[];
}

/** 40 values around 10 with a drift, a few warnings and two failures; marker 2 around 20. */
export const VALUES_1 = Array.from(
  { length: 40 },
  (_, i) => 10 + 0.21 * Math.sin(i * 1.7) + (i % 7) * 0.03 - 0.09,
);
VALUES_1[13] = 11.4; // fail (above UTL 11)
VALUES_1[27] = 9.3; // warning
VALUES_1[31] = 8.8; // fail
export const VALUES_2 = Array.from({ length: 12 }, (_, i) => 20 + ((i * 7) % 12) / 25 - 0.2);

const BASE_MS = Date.parse('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;

export async function statsFixture(
  h: Harness,
  code = uniqueCode('STAT'),
  name = 'Flange housing',
): Promise<StatsFixture> {
  const recipe = await recipeWithTask(h);
  if (code !== recipe.code || name !== recipe.name) {
    await h.db.updateTable('recipes').set({ code, name }).where('id', '=', recipe.id).execute();
  }
  const version = recipe.current_version;
  const [sub1, sub2] = version.tasks[0].subtasks;
  const operators = [await h.user(['MeasurementTec']), await h.user(['MeasurementTec'])];
  const items = [
    ...VALUES_1.map((value, i) => ({ subtask_id: sub1.id, value, i })),
    ...VALUES_2.map((value, i) => ({ subtask_id: sub2.id, value, i })),
  ];
  const points: StoredPoint[] = [];
  for (const [o, operator] of operators.entries()) {
    const mine = items.filter((item) => item.i % 2 === o);
    const res = await h.call('POST', '/api/measurements/batch', {
      key: operator.key,
      body: {
        measurements: mine.map((item) => ({
          subtask_id: item.subtask_id,
          version_id: version.id,
          value: item.value,
          lot_number: `LOT-${item.i < 20 ? 'A' : 'B'}`,
          serial_number: `SN-${item.i}`,
          input_method: 'manual',
        })),
      },
    });
    if (res.status !== 200) throw new Error(res.text);
    points.push(...res.body);
  }
  // Spread the points over 40 hours in index order, not id order: operator 2's rows were inserted
  // later but interleave in time, so a chart sorted by id would be wrong.
  for (const point of points) {
    const i = Number(point.serial_number.slice(3));
    point.measured_at = new Date(BASE_MS + i * HOUR).toISOString();
    await h.db
      .updateTable('measurements')
      .set({ measured_at: point.measured_at })
      .where('id', '=', point.id)
      .execute();
  }
  points.sort((a, b) => a.measured_at.localeCompare(b.measured_at) || a.id - b.id);
  const edited = await h.call('PUT', `/api/recipes/${recipe.id}`, {
    key: h.adminKey,
    body: { change_notes: 'after measuring' },
  });
  if (edited.status !== 200) throw new Error(edited.text);
  const currentVersion = edited.body.current_version;
  const later = await h.call('POST', '/api/measurements/batch', {
    key: (operators[0] as { key: string }).key,
    body: {
      measurements: [10.02, 10.1, 11.5].map((value, i) => ({
        subtask_id: currentVersion.tasks[0].subtasks[0].id,
        version_id: currentVersion.id,
        value,
        lot_number: 'LOT-C',
        serial_number: `SN-V3-${i}`,
      })),
    },
  });
  if (later.status !== 200) throw new Error(later.text);
  points.push(...later.body);
  return {
    recipeId: recipe.id,
    recipeCode: code,
    recipeName: name,
    s1: sub1.id,
    s2: sub2.id,
    versionId: version.id,
    currentVersionId: currentVersion.id,
    currentS1: currentVersion.tasks[0].subtasks[0].id,
    points,
    operators,
  };
}

export const LIMITS_1 = limits(10);
