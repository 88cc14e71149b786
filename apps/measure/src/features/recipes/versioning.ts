import { conflict, notFound } from '@app/kit';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { tasksRepository } from '../tasks/tasks.repository.js';
import {
  type RecipeRow,
  recipesRepository,
  type VersionRow,
  versionsRepository,
} from './recipes.repository.js';

/** Where an edit lands: the version to write to and how ids of the version the caller saw map onto it. */
export interface EditTarget {
  tx: Transaction<DB>;
  recipe: RecipeRow;
  version: VersionRow;
  /** The version the caller edited: `version` itself, or the measured one `version` was copied from. */
  from: VersionRow;
  /** True when the edit forced a new version because the old one had measurements. */
  forked: boolean;
  taskId(oldId: number): number;
  subtaskId(oldId: number): number;
}

export interface ForkResult {
  version: VersionRow;
  recipe: RecipeRow;
  taskIds: Map<number, number>;
  subtaskIds: Map<number, number>;
}

/**
 * Copy-on-write: a new version numbered after the highest one, with copies of
 * every task and subtask of `fromVersionId`, made current. Runs inside the
 * caller's transaction, after the recipe row is locked.
 */
export async function forkVersion(
  tx: Transaction<DB>,
  recipe: RecipeRow,
  fromVersionId: number,
  userId: number,
  changeNotes: string,
): Promise<ForkResult> {
  const now = nowIso();
  const version = await versionsRepository.insert(tx, {
    recipe_id: recipe.id,
    version_number: await versionsRepository.nextNumber(tx, recipe.id),
    change_notes: changeNotes,
    created_by: userId,
    created_at: now,
  });
  const taskIds = new Map<number, number>();
  const subtaskIds = new Map<number, number>();
  const tasks = await tasksRepository.tasksOfVersion(tx, fromVersionId);
  const subtasks = await tasksRepository.subtasksOfVersion(tx, fromVersionId);
  for (const { id, ...task } of tasks) {
    const copy = await tasksRepository.insertTask(tx, { ...task, version_id: version.id });
    taskIds.set(id, copy.id);
    const own = subtasks.filter((s) => s.task_id === id);
    const copies = await tasksRepository.insertSubtasks(
      tx,
      own.map(({ id: _id, ...s }) => ({ ...s, task_id: copy.id, version_id: version.id })),
    );
    // Matched by marker number (unique per version), not by RETURNING order, which SQL does not promise.
    const copyByMarker = new Map(copies.map((c) => [c.marker_number, c.id]));
    for (const s of own) subtaskIds.set(s.id, copyByMarker.get(s.marker_number) as number);
  }
  const updated = await recipesRepository.update(tx, recipe.id, {
    current_version_id: version.id,
    updated_at: now,
  });
  return { version, recipe: updated, taskIds, subtaskIds };
}

/** Opens a transaction with the recipe row locked and checks it is active (409 otherwise). */
export async function inLockedRecipe<T>(
  db: Kysely<DB>,
  dialect: Dialect,
  recipeId: number,
  work: (tx: Transaction<DB>, recipe: RecipeRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const recipe = await recipesRepository.lockById(tx, dialect, recipeId);
    if (!recipe) throw notFound('Recipe not found');
    if (recipe.active !== 1) throw conflict('Recipe is inactive', 'RECIPE_INACTIVE');
    return work(tx, recipe);
  });
}

/**
 * Runs an in-place edit of a task or subtask of `versionId`. The version must
 * be the recipe's current one (409 otherwise). If it already has measurements
 * the edit is applied to a fresh copy instead, so limits never change under
 * recorded data.
 */
export async function editVersion<T>(
  db: Kysely<DB>,
  dialect: Dialect,
  versionId: number,
  userId: number,
  changeNotes: string,
  edit: (target: EditTarget) => Promise<T>,
): Promise<T> {
  const version = await versionsRepository.findById(db, versionId);
  if (!version) throw notFound('Recipe version not found');
  return inLockedRecipe(db, dialect, version.recipe_id, async (tx, recipe) => {
    if (recipe.current_version_id !== versionId) {
      throw conflict('Only the current version of a recipe can be edited', 'RECIPE_VERSION_NOT_CURRENT');
    }
    if (!(await versionsRepository.hasMeasurements(tx, versionId))) {
      const same = (id: number) => id;
      return edit({ tx, recipe, version, from: version, forked: false, taskId: same, subtaskId: same });
    }
    const fork = await forkVersion(tx, recipe, versionId, userId, changeNotes);
    const mapped = (ids: Map<number, number>) => (id: number) => {
      const next = ids.get(id);
      if (next === undefined) throw notFound('Not part of this version');
      return next;
    };
    return edit({
      tx,
      recipe: fork.recipe,
      version: fork.version,
      from: version,
      forked: true,
      taskId: mapped(fork.taskIds),
      subtaskId: mapped(fork.subtaskIds),
    });
  });
}
