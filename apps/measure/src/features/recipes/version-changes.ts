/**
 * What changed between two versions of a recipe, for a metrologist reading an old version against the
 * current one: tasks added, removed or edited, and measuring points (characteristics) added, removed or with
 * other limits. Pure. A point is identified across versions by its marker number, as the statistics do
 * (docs/statistics.md, "A characteristic across recipe versions"); a task, which has no marker, by its title.
 */
import type { Task, Version } from './recipes.schema.js';

export interface FieldChange {
  field: string;
  from: string | number;
  to: string | number;
}

export interface PointRef {
  marker_number: number;
  description: string;
  task_title: string;
}

export interface VersionChanges {
  from_version: number;
  to_version: number;
  tasks: { added: string[]; removed: string[]; changed: { title: string; changes: FieldChange[] }[] };
  points: { added: PointRef[]; removed: PointRef[]; changed: (PointRef & { changes: FieldChange[] })[] };
}

const POINT_FIELDS = [
  'description',
  'measurement_type',
  'unit',
  'nominal',
  'ltl',
  'lwl',
  'uwl',
  'utl',
] as const;
const TASK_FIELDS = ['directive', 'description', 'file_path'] as const;

function fieldChanges<T>(before: T, after: T, fields: readonly (keyof T & string)[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = (before[field] ?? '') as string | number;
    const to = (after[field] ?? '') as string | number;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** Points of a version by marker number, each with its task's title. */
function pointsOf(version: Version) {
  const points = new Map<number, { point: Task['subtasks'][number]; task: string }>();
  for (const task of version.tasks) {
    for (const point of task.subtasks) points.set(point.marker_number, { point, task: task.title });
  }
  return points;
}

const ref = ({ point, task }: { point: Task['subtasks'][number]; task: string }): PointRef => ({
  marker_number: point.marker_number,
  description: point.description,
  task_title: task,
});

export function versionChanges(from: Version, to: Version): VersionChanges {
  const beforeTasks = new Map(from.tasks.map((task) => [task.title, task]));
  const afterTasks = new Map(to.tasks.map((task) => [task.title, task]));
  const tasks: VersionChanges['tasks'] = { added: [], removed: [], changed: [] };
  for (const [title, task] of afterTasks) {
    const before = beforeTasks.get(title);
    if (!before) tasks.added.push(title);
    else {
      const changes = fieldChanges(before, task, TASK_FIELDS);
      if (before.order_index !== task.order_index)
        changes.push({ field: 'position', from: before.order_index + 1, to: task.order_index + 1 });
      if (changes.length > 0) tasks.changed.push({ title, changes });
    }
  }
  for (const title of beforeTasks.keys()) if (!afterTasks.has(title)) tasks.removed.push(title);

  const beforePoints = pointsOf(from);
  const afterPoints = pointsOf(to);
  const points: VersionChanges['points'] = { added: [], removed: [], changed: [] };
  for (const [marker, after] of afterPoints) {
    const before = beforePoints.get(marker);
    if (!before) {
      points.added.push(ref(after));
      continue;
    }
    const changes = fieldChanges(before.point, after.point, POINT_FIELDS);
    if (before.task !== after.task) changes.push({ field: 'task', from: before.task, to: after.task });
    if (changes.length > 0) points.changed.push({ ...ref(after), changes });
  }
  for (const [marker, before] of beforePoints) if (!afterPoints.has(marker)) points.removed.push(ref(before));
  const byMarker = (a: PointRef, b: PointRef) => a.marker_number - b.marker_number;
  points.added.sort(byMarker);
  points.removed.sort(byMarker);
  points.changed.sort(byMarker);
  return { from_version: from.version_number, to_version: to.version_number, tasks, points };
}
