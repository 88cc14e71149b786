import { describe, expect, it } from 'vitest';
import type { Task, Version } from './recipes.schema.js';
import { versionChanges } from './version-changes.js';

const point = (marker_number: number, utl = 10.1, description = `Point ${marker_number}`) => ({
  id: marker_number * 100 + Math.round(utl * 10),
  task_id: 1,
  marker_number,
  description,
  measurement_type: 'length',
  nominal: 10,
  utl,
  uwl: 10.05,
  lwl: 9.95,
  ltl: 9.9,
  unit: 'mm',
});

const task = (title: string, order_index: number, subtasks: Task['subtasks'], directive = ''): Task => ({
  id: order_index + 1,
  version_id: 1,
  order_index,
  title,
  directive,
  description: '',
  file_type: '',
  file_path: null,
  annotations_json: null,
  subtasks,
});

const version = (version_number: number, tasks: Task[]): Version => ({
  id: version_number,
  recipe_id: 1,
  version_number,
  change_notes: '',
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  tasks,
});

describe('versionChanges', () => {
  it('finds nothing between two copies of one version (new ids, same content)', () => {
    const a = version(1, [task('Bore', 0, [point(1), point(2)])]);
    const b = version(2, [task('Bore', 0, [point(1), point(2)])]);
    expect(versionChanges(a, b)).toEqual({
      from_version: 1,
      to_version: 2,
      tasks: { added: [], removed: [], changed: [] },
      points: { added: [], removed: [], changed: [] },
    });
  });

  it('lists limits changed per marker number, points added and removed, and tasks by title', () => {
    const old = version(4, [task('Bore', 0, [point(1), point(2)]), task('Thread', 1, [point(3)])]);
    const current = version(5, [
      task('Bore', 0, [point(1, 10.08), point(4)], 'Measure twice'),
      task('Flatness', 1, [point(2)]),
    ]);
    const changes = versionChanges(old, current);
    expect(changes.tasks).toEqual({
      added: ['Flatness'],
      removed: ['Thread'],
      changed: [{ title: 'Bore', changes: [{ field: 'directive', from: '', to: 'Measure twice' }] }],
    });
    expect(changes.points.added).toEqual([{ marker_number: 4, description: 'Point 4', task_title: 'Bore' }]);
    expect(changes.points.removed).toEqual([
      { marker_number: 3, description: 'Point 3', task_title: 'Thread' },
    ]);
    expect(changes.points.changed).toEqual([
      {
        marker_number: 1,
        description: 'Point 1',
        task_title: 'Bore',
        changes: [{ field: 'utl', from: 10.1, to: 10.08 }],
      },
      {
        marker_number: 2,
        description: 'Point 2',
        task_title: 'Flatness',
        changes: [{ field: 'task', from: 'Bore', to: 'Flatness' }],
      },
    ]);
  });
});
