import { describe, expect, it } from 'vitest';
import type { Recipe, Subtask, Task } from '../api/types';
import { measurePoints, nextOpenPoint } from './draft';

const subtask = (id: number, marker: number): Subtask => ({
  id,
  task_id: 0,
  marker_number: marker,
  description: '',
  measurement_type: 'length',
  nominal: 10,
  ltl: 9,
  lwl: 9.5,
  uwl: 10.5,
  utl: 11,
  unit: 'mm',
});
const task = (id: number, order: number, subtasks: Subtask[]): Task => ({
  id,
  version_id: 1,
  order_index: order,
  title: `T${id}`,
  directive: '',
  description: '',
  file_type: '',
  file_path: null,
  annotations_json: null,
  subtasks,
});
const recipe = {
  current_version: {
    version_number: 1,
    change_notes: '',
    tasks: [task(2, 1, [subtask(21, 4)]), task(1, 0, [subtask(12, 2), subtask(11, 1)])],
  },
} as Recipe;

describe('measurePoints', () => {
  it('orders points by task order, then marker number', () => {
    expect(measurePoints(recipe).map((p) => p.subtask.id)).toEqual([11, 12, 21]);
  });
});

describe('nextOpenPoint', () => {
  const points = measurePoints(recipe);
  it('moves to the next point without a value, wrapping around', () => {
    expect(nextOpenPoint(points, {}, 0)).toBe(1);
    expect(nextOpenPoint(points, { '11': { value: 1, input_method: 'manual' } }, 2)).toBe(1);
  });
  it('is null when every point has a value', () => {
    const done = { value: 1, input_method: 'manual' as const };
    expect(nextOpenPoint(points, { '11': done, '12': done, '21': done }, 0)).toBeNull();
  });
});
