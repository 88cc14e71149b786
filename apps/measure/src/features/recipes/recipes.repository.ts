import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, RecipesTable, RecipeVersionsTable } from '../../db/schema.types.js';

export type RecipeRow = Selectable<RecipesTable>;
export type VersionRow = Selectable<RecipeVersionsTable>;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const recipesRepository = {
  findById: (db: Kysely<DB>, id: number) =>
    db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirst(),

  findByCode: (db: Kysely<DB>, code: string) =>
    db.selectFrom('recipes').selectAll().where('code', '=', code).executeTakeFirst(),

  /**
   * Reads the recipe row and, on PostgreSQL, locks it until the transaction
   * ends, so concurrent edits of one recipe queue here and each sees the
   * version the previous one created. SQLite transactions already hold the
   * single write lock from BEGIN IMMEDIATE.
   */
  lockById: (db: Kysely<DB>, dialect: Dialect, id: number) => {
    const query = db.selectFrom('recipes').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  },

  listActive: (db: Kysely<DB>, search: string | undefined, offset: number, limit: number) => {
    let query = db.selectFrom('recipes').selectAll().where('active', '=', 1);
    if (search) query = query.where(searchCondition(search));
    return query.orderBy('name').orderBy('id').offset(offset).limit(limit).execute();
  },

  countActive: async (db: Kysely<DB>, search: string | undefined) => {
    let query = db
      .selectFrom('recipes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('active', '=', 1);
    if (search) query = query.where(searchCondition(search));
    return Number((await query.executeTakeFirstOrThrow()).n);
  },

  insert: (db: Kysely<DB>, values: Omit<RecipeRow, 'id'>) =>
    db.insertInto('recipes').values(values).returningAll().executeTakeFirstOrThrow(),

  update: (db: Kysely<DB>, id: number, values: Partial<Omit<RecipeRow, 'id'>>) =>
    db.updateTable('recipes').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
};

function searchCondition(search: string) {
  const pattern = likePattern(search.toLowerCase());
  return sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(code) like ${pattern} escape '\\')`;
}

export const versionsRepository = {
  findById: (db: Kysely<DB>, id: number) =>
    db.selectFrom('recipe_versions').selectAll().where('id', '=', id).executeTakeFirst(),

  findByNumber: (db: Kysely<DB>, recipeId: number, versionNumber: number) =>
    db
      .selectFrom('recipe_versions')
      .selectAll()
      .where('recipe_id', '=', recipeId)
      .where('version_number', '=', versionNumber)
      .executeTakeFirst(),

  findManyByIds: (db: Kysely<DB>, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom('recipe_versions').selectAll().where('id', 'in', ids).execute(),

  listForRecipe: (db: Kysely<DB>, recipeId: number) =>
    db
      .selectFrom('recipe_versions')
      .selectAll()
      .where('recipe_id', '=', recipeId)
      .orderBy('version_number', 'desc')
      .execute(),

  nextNumber: async (db: Kysely<DB>, recipeId: number) => {
    const row = await db
      .selectFrom('recipe_versions')
      .select((eb) => eb.fn.max('version_number').as('max'))
      .where('recipe_id', '=', recipeId)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  },

  insert: (db: Kysely<DB>, values: Omit<VersionRow, 'id'>) =>
    db.insertInto('recipe_versions').values(values).returningAll().executeTakeFirstOrThrow(),

  measurementCount: async (db: Kysely<DB>, versionId: number) =>
    Number(
      (
        await db
          .selectFrom('measurements')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('version_id', '=', versionId)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  hasMeasurements: async (db: Kysely<DB>, versionId: number) =>
    (await db
      .selectFrom('measurements')
      .select('id')
      .where('version_id', '=', versionId)
      .limit(1)
      .executeTakeFirst()) !== undefined,
};
