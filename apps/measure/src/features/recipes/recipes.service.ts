import { conflict, notFound } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { nowIso, paged } from '../../http/time.js';
import { fieldChanges } from '../history/field-changes.js';
import { recordChange } from '../history/history.repository.js';
import { tasksRepository, toTask } from '../tasks/tasks.repository.js';
import {
  type RecipeRow,
  recipesRepository,
  type VersionRow,
  versionsRepository,
} from './recipes.repository.js';
import type {
  Recipe,
  RecipeCreate,
  RecipeSummary,
  RecipeUpdate,
  Version,
  VersionSummary,
} from './recipes.schema.js';
import { type VersionChanges, versionChanges } from './version-changes.js';
import { forkVersion, inLockedRecipe } from './versioning.js';

export const toVersionSummary = (row: VersionRow): VersionSummary => row;

export async function loadVersion(db: Kysely<DB>, row: VersionRow): Promise<Version> {
  const [tasks, subtasks] = await Promise.all([
    tasksRepository.tasksOfVersion(db, row.id),
    tasksRepository.subtasksOfVersion(db, row.id),
  ]);
  return { ...row, tasks: tasks.map((task) => toTask(task, subtasks)) };
}

/** What a recipe's change record compares: its own fields and which version is current. */
const RECORDED = ['code', 'name', 'description', 'active', 'version_number'] as const;
const recorded = (row: RecipeRow, version: { version_number: number }) => ({
  code: row.code,
  name: row.name,
  description: row.description,
  active: row.active === 1,
  version_number: version.version_number,
});

const recipeFields = (row: RecipeRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  active: row.active === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
  created_by: row.created_by,
});

export function createRecipesService(db: Kysely<DB>, dialect: Dialect) {
  async function currentVersionRow(row: RecipeRow): Promise<VersionRow> {
    const version = await versionsRepository.findById(db, row.current_version_id as number);
    if (!version) throw new Error(`recipe ${row.id} has no current version`);
    return version;
  }

  async function toRecipe(row: RecipeRow, executor: Kysely<DB> = db): Promise<Recipe> {
    const version = await versionsRepository.findById(executor, row.current_version_id as number);
    if (!version) throw new Error(`recipe ${row.id} has no current version`);
    return { ...recipeFields(row), current_version: await loadVersion(executor, version) };
  }

  async function requireRecipe(id: number): Promise<RecipeRow> {
    const row = await recipesRepository.findById(db, id);
    if (!row) throw notFound('Recipe not found');
    return row;
  }

  return {
    toRecipe,
    requireRecipe,

    async create(input: RecipeCreate, userId: number): Promise<Recipe> {
      if (await recipesRepository.findByCode(db, input.code)) throw conflict('Recipe code already exists');
      try {
        return await db.transaction().execute(async (tx) => {
          const now = nowIso();
          const recipe = await recipesRepository.insert(tx, {
            code: input.code,
            name: input.name,
            description: input.description ?? '',
            active: 1,
            created_by: userId,
            created_at: now,
            updated_at: now,
            current_version_id: null,
          });
          const version = await versionsRepository.insert(tx, {
            recipe_id: recipe.id,
            version_number: 1,
            change_notes: input.change_notes ?? '',
            created_by: userId,
            created_at: now,
          });
          const row = await recipesRepository.update(tx, recipe.id, { current_version_id: version.id });
          await recordChange(tx, {
            actorId: userId,
            entityType: 'recipe',
            entityId: row.id,
            action: 'create',
            recipeId: row.id,
            versionId: version.id,
            changes: fieldChanges(null, recorded(row, version), RECORDED),
            reason: input.change_notes ?? null,
          });
          return toRecipe(row, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Recipe code already exists');
        throw error;
      }
    },

    async list(page: number, perPage: number, search: string | undefined) {
      const [rows, total] = await Promise.all([
        recipesRepository.listActive(db, search, (page - 1) * perPage, perPage),
        recipesRepository.countActive(db, search),
      ]);
      const versions = await versionsRepository.findManyByIds(
        db,
        rows.map((r) => r.current_version_id as number),
      );
      const items: RecipeSummary[] = rows.map((row) => ({
        ...recipeFields(row),
        current_version: versions.find((v) => v.id === row.current_version_id) as VersionRow,
      }));
      return paged(items, total, page, perPage);
    },

    get: async (id: number) => toRecipe(await requireRecipe(id)),

    async getByCode(code: string): Promise<Recipe> {
      const row = await recipesRepository.findByCode(db, code);
      if (row?.active !== 1) throw notFound('Recipe not found');
      return toRecipe(row);
    },

    /**
     * Every PUT releases the next version (copy of the current one), even when only notes change. It is the
     * one act that releases a version, so its change_notes are recorded as the release's reason. The spec keeps
     * them optional for API clients; the web client asks for them (docs/decisions.md).
     */
    async update(id: number, input: RecipeUpdate, userId: number): Promise<Recipe> {
      return inLockedRecipe(db, dialect, id, async (tx, recipe) => {
        const previous = await versionsRepository.findById(tx, recipe.current_version_id as number);
        if (!previous) throw new Error(`recipe ${id} has no current version`);
        const fork = await forkVersion(
          tx,
          recipe,
          recipe.current_version_id as number,
          userId,
          input.change_notes ?? '',
        );
        const changes: Partial<RecipeRow> = {};
        if (input.name !== undefined) changes.name = input.name;
        if (input.description !== undefined) changes.description = input.description;
        const row = Object.keys(changes).length
          ? await recipesRepository.update(tx, id, changes)
          : fork.recipe;
        await recordChange(tx, {
          actorId: userId,
          entityType: 'recipe',
          entityId: id,
          action: 'release',
          recipeId: id,
          versionId: fork.version.id,
          changes: fieldChanges(recorded(recipe, previous), recorded(row, fork.version), RECORDED),
          reason: input.change_notes?.trim() || null,
        });
        return toRecipe(row, tx);
      });
    },

    async deactivate(id: number, userId: number): Promise<Recipe> {
      const before = await requireRecipe(id);
      return db.transaction().execute(async (tx) => {
        const row = await recipesRepository.update(tx, id, { active: 0, updated_at: nowIso() });
        const version = await versionsRepository.findById(tx, row.current_version_id as number);
        if (!version) throw new Error(`recipe ${id} has no current version`);
        const changes = fieldChanges(recorded(before, version), recorded(row, version), RECORDED);
        if (changes.length > 0)
          await recordChange(tx, {
            actorId: userId,
            entityType: 'recipe',
            entityId: id,
            action: 'deactivate',
            recipeId: id,
            versionId: version.id,
            changes,
          });
        return toRecipe(row, tx);
      });
    },

    async versions(id: number): Promise<VersionSummary[]> {
      await requireRecipe(id);
      return (await versionsRepository.listForRecipe(db, id)).map(toVersionSummary);
    },

    async version(id: number, versionNumber: number): Promise<Version> {
      await requireRecipe(id);
      const row = await versionsRepository.findByNumber(db, id, versionNumber);
      if (!row) throw notFound('Recipe version not found');
      return loadVersion(db, row);
    },

    /** What changed from one version to another (default: the current one); points matched by marker number. */
    async changes(id: number, versionNumber: number, against: number | undefined): Promise<VersionChanges> {
      const recipe = await requireRecipe(id);
      const fromRow = await versionsRepository.findByNumber(db, id, versionNumber);
      const toRow =
        against === undefined
          ? await versionsRepository.findById(db, recipe.current_version_id as number)
          : await versionsRepository.findByNumber(db, id, against);
      if (!fromRow || !toRow) throw notFound('Recipe version not found');
      return versionChanges(await loadVersion(db, fromRow), await loadVersion(db, toRow));
    },

    async measurementCount(id: number, versionNumber: number) {
      await requireRecipe(id);
      const row = await versionsRepository.findByNumber(db, id, versionNumber);
      if (!row) throw notFound('Recipe version not found');
      return {
        recipe_id: id,
        version_number: versionNumber,
        measurement_count: await versionsRepository.measurementCount(db, row.id),
      };
    },

    currentVersionRow,
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
