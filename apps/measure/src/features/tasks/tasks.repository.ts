import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, SubtasksTable, TasksTable } from '../../db/schema.types.js';
import type { Subtask, Task } from '../recipes/recipes.schema.js';

export type TaskRow = Selectable<TasksTable>;
export type SubtaskRow = Selectable<SubtasksTable>;

export const toSubtask = ({ version_id: _version, ...row }: SubtaskRow): Subtask => row;

export function toTask(row: TaskRow, subtasks: SubtaskRow[]): Task {
  return {
    ...row,
    annotations_json: row.annotations_json === null ? null : JSON.parse(row.annotations_json),
    subtasks: subtasks.filter((s) => s.task_id === row.id).map(toSubtask),
  };
}

export const tasksRepository = {
  findTask: (db: Kysely<DB>, id: number) =>
    db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst(),

  findTasks: (db: Kysely<DB>, ids: number[]) =>
    db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute(),

  findSubtask: (db: Kysely<DB>, id: number) =>
    db.selectFrom('subtasks').selectAll().where('id', '=', id).executeTakeFirst(),

  tasksOfVersion: (db: Kysely<DB>, versionId: number) =>
    db
      .selectFrom('tasks')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('order_index')
      .orderBy('id')
      .execute(),

  subtasksOfVersion: (db: Kysely<DB>, versionId: number) =>
    db
      .selectFrom('subtasks')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('marker_number')
      .execute(),

  subtasksOfTask: (db: Kysely<DB>, taskId: number) =>
    db.selectFrom('subtasks').selectAll().where('task_id', '=', taskId).orderBy('marker_number').execute(),

  insertTask: (db: Kysely<DB>, values: Insertable<TasksTable>) =>
    db.insertInto('tasks').values(values).returningAll().executeTakeFirstOrThrow(),

  updateTask: (db: Kysely<DB>, id: number, values: Updateable<TasksTable>) =>
    db.updateTable('tasks').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  deleteTask: (db: Kysely<DB>, id: number) => db.deleteFrom('tasks').where('id', '=', id).execute(),

  setOrder: (db: Kysely<DB>, id: number, orderIndex: number) =>
    db.updateTable('tasks').set({ order_index: orderIndex }).where('id', '=', id).execute(),

  insertSubtasks: (db: Kysely<DB>, rows: Insertable<SubtasksTable>[]) =>
    rows.length === 0 ? Promise.resolve([]) : db.insertInto('subtasks').values(rows).returningAll().execute(),

  updateSubtask: (db: Kysely<DB>, id: number, values: Updateable<SubtasksTable>) =>
    Object.keys(values).length === 0
      ? db.selectFrom('subtasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      : db.updateTable('subtasks').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

  deleteSubtask: (db: Kysely<DB>, id: number) => db.deleteFrom('subtasks').where('id', '=', id).execute(),

  markerTaken: async (db: Kysely<DB>, versionId: number, marker: number, exceptId?: number) => {
    let query = db
      .selectFrom('subtasks')
      .select('id')
      .where('version_id', '=', versionId)
      .where('marker_number', '=', marker);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },
};
