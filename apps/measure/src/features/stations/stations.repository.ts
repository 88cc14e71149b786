import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, StationsTable } from '../../db/schema.types.js';
import type { Station } from './stations.schema.js';

export type StationRow = Selectable<StationsTable>;

export const toStation = (row: StationRow): Station => ({ ...row, active: row.active === 1 });

export const stationsRepository = {
  list: (db: Kysely<DB>, activeOnly: boolean) => {
    const query = db.selectFrom('stations').selectAll().orderBy('code');
    return (activeOnly ? query.where('active', '=', 1) : query).execute();
  },
  findById: (db: Kysely<DB>, id: number) =>
    db.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst(),
  findByCode: (db: Kysely<DB>, code: string) =>
    db.selectFrom('stations').selectAll().where('code', '=', code).executeTakeFirst(),
  insert: (db: Kysely<DB>, values: Insertable<StationsTable>) =>
    db.insertInto('stations').values(values).returningAll().executeTakeFirstOrThrow(),
  update: (db: Kysely<DB>, id: number, values: Updateable<StationsTable>) =>
    db.updateTable('stations').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  /** Assignments go with the station (ON DELETE CASCADE); measurements never reference stations. */
  delete: (db: Kysely<DB>, id: number) => db.deleteFrom('stations').where('id', '=', id).execute(),

  recipesOf: (db: Kysely<DB>, stationId: number, activeOnly: boolean) => {
    const query = db
      .selectFrom('station_recipes')
      .innerJoin('recipes', 'recipes.id', 'station_recipes.recipe_id')
      .select(['recipes.id', 'recipes.code', 'recipes.name', 'recipes.active'])
      .where('station_recipes.station_id', '=', stationId)
      .orderBy('recipes.name');
    return (activeOnly ? query.where('recipes.active', '=', 1) : query).execute();
  },
  findAssignment: (db: Kysely<DB>, stationId: number, recipeId: number) =>
    db
      .selectFrom('station_recipes')
      .selectAll()
      .where('station_id', '=', stationId)
      .where('recipe_id', '=', recipeId)
      .executeTakeFirst(),
  assign: (db: Kysely<DB>, stationId: number, recipeId: number, userId: number, at: string) =>
    db
      .insertInto('station_recipes')
      .values({ station_id: stationId, recipe_id: recipeId, assigned_by: userId, assigned_at: at })
      .returningAll()
      .executeTakeFirstOrThrow(),
  unassign: (db: Kysely<DB>, stationId: number, recipeId: number) =>
    db
      .deleteFrom('station_recipes')
      .where('station_id', '=', stationId)
      .where('recipe_id', '=', recipeId)
      .execute(),
};
