import { badRequest, conflict, notFound, unprocessable } from '@app/kit';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { limitsProblem } from '../../domain/tolerance.js';
import { recipesRepository, versionsRepository } from '../recipes/recipes.repository.js';
import type { Subtask, Task } from '../recipes/recipes.schema.js';
import { editVersion, forkVersion, inLockedRecipe } from '../recipes/versioning.js';
import {
  characteristicMeasured,
  LIMIT_FIELDS,
  recordReorder,
  recordSubtaskChange,
  recordTaskChange,
  subtasksSummary,
} from './task-changes.js';
import { type SubtaskRow, tasksRepository, toSubtask, toTask } from './tasks.repository.js';
import type { SubtaskCreate, SubtaskUpdate, TaskCreate, TaskUpdate } from './tasks.schema.js';

function checkLimits(
  limits: { nominal: number; utl: number; uwl: number; lwl: number; ltl: number },
  field: string,
) {
  const problem = limitsProblem(limits);
  if (problem) throw unprocessable(`${field}: ${problem}`);
}

const subtaskValues = (input: SubtaskCreate, taskId: number, versionId: number) => ({
  task_id: taskId,
  version_id: versionId,
  marker_number: input.marker_number,
  description: input.description ?? '',
  measurement_type: input.measurement_type ?? 'length',
  nominal: input.nominal,
  utl: input.utl,
  uwl: input.uwl,
  lwl: input.lwl,
  ltl: input.ltl,
  unit: input.unit ?? 'mm',
});

const annotationsText = (value: TaskCreate['annotations_json']) =>
  value === undefined || value === null ? null : JSON.stringify(value);

async function loadTask(tx: Kysely<DB>, id: number): Promise<Task> {
  const row = await tasksRepository.findTask(tx, id);
  if (!row) throw notFound('Task not found');
  return toTask(row, await tasksRepository.subtasksOfTask(tx, id));
}

/** Unique-marker violations that slip past the pre-check (a concurrent writer) are still a 409. */
async function markerSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Marker number already present in this version');
    throw error;
  }
}

async function renumber(tx: Transaction<DB>, versionId: number) {
  const tasks = await tasksRepository.tasksOfVersion(tx, versionId);
  for (const [index, task] of tasks.entries()) {
    if (task.order_index !== index) await tasksRepository.setOrder(tx, task.id, index);
  }
}

export function createTasksService(db: Kysely<DB>, dialect: Dialect) {
  const requireTask = async (id: number) => {
    const row = await tasksRepository.findTask(db, id);
    if (!row) throw notFound('Task not found');
    return row;
  };
  const requireSubtask = async (id: number): Promise<SubtaskRow> => {
    const row = await tasksRepository.findSubtask(db, id);
    if (!row) throw notFound('Subtask not found');
    return row;
  };

  return {
    async list(recipeId: number): Promise<Task[]> {
      const recipe = await recipesRepository.findById(db, recipeId);
      if (!recipe) throw notFound('Recipe not found');
      const versionId = recipe.current_version_id as number;
      const subtasks = await tasksRepository.subtasksOfVersion(db, versionId);
      return (await tasksRepository.tasksOfVersion(db, versionId)).map((t) => toTask(t, subtasks));
    },

    /** Adding a task always creates the next version, like PUT on the recipe. */
    async create(recipeId: number, input: TaskCreate, userId: number): Promise<Task> {
      const subtasks = input.subtasks ?? [];
      for (const [i, s] of subtasks.entries()) checkLimits(s, `body.subtasks.${i}`);
      const markers = new Set(subtasks.map((s) => s.marker_number));
      if (markers.size !== subtasks.length) throw conflict('Marker number repeated within the task');
      return inLockedRecipe(db, dialect, recipeId, async (tx, recipe) => {
        const from = await versionsRepository.findById(tx, recipe.current_version_id as number);
        const fork = await forkVersion(
          tx,
          recipe,
          recipe.current_version_id as number,
          userId,
          `Added task "${input.title}"`,
        );
        for (const marker of markers) {
          if (await tasksRepository.markerTaken(tx, fork.version.id, marker)) {
            throw conflict(`Marker number ${marker} already present in this version`);
          }
        }
        const position = (await tasksRepository.tasksOfVersion(tx, fork.version.id)).length;
        const task = await tasksRepository.insertTask(tx, {
          version_id: fork.version.id,
          order_index: position,
          title: input.title,
          directive: input.directive ?? '',
          description: input.description ?? '',
          file_type: input.file_type ?? '',
          file_path: input.file_path ?? null,
          annotations_json: annotationsText(input.annotations_json),
        });
        const inserted = await markerSafe(() =>
          tasksRepository.insertSubtasks(
            tx,
            subtasks.map((s) => subtaskValues(s, task.id, fork.version.id)),
          ),
        );
        const where = { tx, recipe: fork.recipe, version: fork.version, from: from ?? fork.version };
        const added = inserted.length
          ? [{ field: 'subtasks', before: null, after: subtasksSummary(inserted) }]
          : [];
        await recordTaskChange(where, userId, 'create', null, task, added);
        return loadTask(tx, task.id);
      });
    },

    async update(taskId: number, input: TaskUpdate, userId: number): Promise<Task> {
      const task = await requireTask(taskId);
      return editVersion(
        db,
        dialect,
        task.version_id,
        userId,
        `Edited task "${task.title}"`,
        async (target) => {
          const id = target.taskId(taskId);
          const changes: Record<string, string | null> = {};
          for (const key of ['title', 'directive', 'description', 'file_type'] as const) {
            if (input[key] !== undefined) changes[key] = input[key];
          }
          if (input.file_path !== undefined) changes.file_path = input.file_path;
          if (input.annotations_json !== undefined)
            changes.annotations_json = annotationsText(input.annotations_json);
          const after =
            Object.keys(changes).length > 0 ? await tasksRepository.updateTask(target.tx, id, changes) : task;
          await recordTaskChange(target, userId, 'update', task, { ...after, id });
          return loadTask(target.tx, id);
        },
      );
    },

    async remove(taskId: number, userId: number): Promise<void> {
      const task = await requireTask(taskId);
      await editVersion(
        db,
        dialect,
        task.version_id,
        userId,
        `Deleted task "${task.title}"`,
        async (target) => {
          const id = target.taskId(taskId);
          const subtasks = await tasksRepository.subtasksOfTask(target.tx, id);
          await tasksRepository.deleteTask(target.tx, id);
          await renumber(target.tx, target.version.id);
          const removed = subtasks.length
            ? [{ field: 'subtasks', before: subtasksSummary(subtasks), after: null }]
            : [];
          await recordTaskChange(target, userId, 'delete', { ...task, id }, null, removed);
        },
      );
    },

    /** task_ids must list every task of one version exactly once; positions follow the list. */
    async reorder(taskIds: number[], userId: number): Promise<Task[]> {
      if (taskIds.length === 0) throw badRequest('task_ids must not be empty');
      if (new Set(taskIds).size !== taskIds.length) throw badRequest('task_ids contains duplicates');
      const tasks = await tasksRepository.findTasks(db, taskIds);
      if (tasks.length !== taskIds.length) throw badRequest('task_ids contains unknown tasks');
      const versionId = (tasks[0] as { version_id: number }).version_id;
      if (tasks.some((t) => t.version_id !== versionId))
        throw badRequest('task_ids belong to different versions');
      const all = await tasksRepository.tasksOfVersion(db, versionId);
      if (all.length !== taskIds.length) throw badRequest('task_ids must list every task of the version');
      return editVersion(db, dialect, versionId, userId, 'Reordered tasks', async (target) => {
        for (const [index, id] of taskIds.entries())
          await tasksRepository.setOrder(target.tx, target.taskId(id), index);
        const titles = (ids: number[]) => ids.map((id) => all.find((t) => t.id === id)?.title);
        await recordReorder(target, userId, titles(all.map((t) => t.id)), titles(taskIds));
        const subtasks = await tasksRepository.subtasksOfVersion(target.tx, target.version.id);
        return (await tasksRepository.tasksOfVersion(target.tx, target.version.id)).map((t) =>
          toTask(t, subtasks),
        );
      });
    },

    async createSubtask(taskId: number, input: SubtaskCreate, userId: number): Promise<Subtask> {
      checkLimits(input, 'body');
      const task = await requireTask(taskId);
      return editVersion(
        db,
        dialect,
        task.version_id,
        userId,
        `Added marker ${input.marker_number}`,
        async (target) => {
          if (await tasksRepository.markerTaken(target.tx, target.version.id, input.marker_number)) {
            throw conflict(`Marker number ${input.marker_number} already present in this version`);
          }
          const [row] = await markerSafe(() =>
            tasksRepository.insertSubtasks(target.tx, [
              subtaskValues(input, target.taskId(taskId), target.version.id),
            ]),
          );
          await recordSubtaskChange(target, userId, 'create', null, row as SubtaskRow);
          return toSubtask(row as SubtaskRow);
        },
      );
    },

    async updateSubtask(subtaskId: number, body: SubtaskUpdate, userId: number): Promise<Subtask> {
      const { reason, ...input } = body;
      const current = await requireSubtask(subtaskId);
      checkLimits({ ...current, ...input }, 'body');
      const limitsChange = LIMIT_FIELDS.some((f) => input[f] !== undefined && input[f] !== current[f]);
      const notes = `Edited marker ${current.marker_number}${reason ? `: ${reason}` : ''}`;
      return editVersion(db, dialect, current.version_id, userId, notes, async (target) => {
        // Checked in the transaction, so a measurement committed meanwhile counts.
        if (limitsChange && !reason?.trim()) {
          const recipeId = target.recipe.id;
          if (await characteristicMeasured(target.tx, recipeId, current.marker_number))
            throw unprocessable(
              `body.reason: required to change the limits of marker ${current.marker_number}, which has measurements`,
            );
        }
        const id = target.subtaskId(subtaskId);
        const marker = input.marker_number;
        if (
          marker !== undefined &&
          (await tasksRepository.markerTaken(target.tx, target.version.id, marker, id))
        ) {
          throw conflict(`Marker number ${marker} already present in this version`);
        }
        const row = await markerSafe(() => tasksRepository.updateSubtask(target.tx, id, input));
        await recordSubtaskChange(target, userId, 'update', { ...current, id }, row, reason);
        return toSubtask(row);
      });
    },

    async removeSubtask(subtaskId: number, userId: number): Promise<void> {
      const current = await requireSubtask(subtaskId);
      const notes = `Deleted marker ${current.marker_number}`;
      await editVersion(db, dialect, current.version_id, userId, notes, async (target) => {
        const id = target.subtaskId(subtaskId);
        await tasksRepository.deleteSubtask(target.tx, id);
        await recordSubtaskChange(target, userId, 'delete', { ...current, id }, null);
      });
    },
  };
}
