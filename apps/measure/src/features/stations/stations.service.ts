import { conflict, notFound } from '@app/kit';
import type { Kysely, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB, StationsTable } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { fieldChanges } from '../history/field-changes.js';
import { recordChange } from '../history/history.repository.js';
import { recipesRepository } from '../recipes/recipes.repository.js';
import { type StationRow, stationsRepository, toStation } from './stations.repository.js';
import type { StationCreate, StationUpdate } from './stations.schema.js';

const toProjection = (row: { id: number; code: string; name: string; active: number }) => ({
  ...row,
  active: row.active === 1,
});

const RECORDED = ['code', 'name', 'location', 'notes', 'active'] as const;

/** One record of a station's creation, edit or deletion; nothing when nothing changed. */
async function recordStation(
  tx: Kysely<DB>,
  actorId: number,
  action: 'create' | 'update' | 'delete',
  before: StationRow | null,
  after: StationRow | null,
) {
  const changes = fieldChanges(before && toStation(before), after && toStation(after), RECORDED);
  const id = (after ?? before)?.id as number;
  if (changes.length > 0)
    await recordChange(tx, { actorId, entityType: 'station', entityId: id, action, changes });
}

/** An assignment is named by its station; the recipe it concerns makes it part of that recipe's history. */
const recordAssignment = (
  tx: Kysely<DB>,
  actorId: number,
  action: 'assign' | 'unassign',
  station: StationRow,
  recipe: { id: number; code: string },
) =>
  recordChange(tx, {
    actorId,
    entityType: 'station_assignment',
    entityId: station.id,
    action,
    recipeId: recipe.id,
    changes: [
      action === 'assign'
        ? { field: 'recipe', before: null, after: recipe.code }
        : { field: 'recipe', before: recipe.code, after: null },
      { field: 'station', before: station.code, after: station.code },
    ],
  });

export function createStationsService(db: Kysely<DB>) {
  async function requireStation(id: number) {
    const row = await stationsRepository.findById(db, id);
    if (!row) throw notFound('Station not found');
    return row;
  }

  return {
    list: async (activeOnly: boolean) => (await stationsRepository.list(db, activeOnly)).map(toStation),
    get: async (id: number) => toStation(await requireStation(id)),

    async create(input: StationCreate, userId: number) {
      if (await stationsRepository.findByCode(db, input.code)) throw conflict('Station code already exists');
      try {
        const row = await db.transaction().execute(async (tx) => {
          const created = await stationsRepository.insert(tx, {
            code: input.code,
            name: input.name,
            location: input.location ?? null,
            notes: input.notes ?? null,
            active: input.active === false ? 0 : 1,
            created_by: userId,
            created_at: nowIso(),
          });
          await recordStation(tx, userId, 'create', null, created);
          return created;
        });
        return toStation(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Station code already exists');
        throw error;
      }
    },

    async update(id: number, input: StationUpdate, userId: number) {
      const before = await requireStation(id);
      const values: Updateable<StationsTable> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.location !== undefined) values.location = input.location;
      if (input.notes !== undefined) values.notes = input.notes;
      if (input.active !== undefined) values.active = input.active ? 1 : 0;
      if (Object.keys(values).length === 0) return toStation(before);
      return db.transaction().execute(async (tx) => {
        const after = await stationsRepository.update(tx, id, values);
        await recordStation(tx, userId, 'update', before, after);
        return toStation(after);
      });
    },

    /** The station's assignments go with it (cascade): each is recorded as unassigned first. */
    async remove(id: number, userId: number) {
      const before = await requireStation(id);
      await db.transaction().execute(async (tx) => {
        for (const recipe of await stationsRepository.recipesOf(tx, id, false))
          await recordAssignment(tx, userId, 'unassign', before, recipe);
        await stationsRepository.delete(tx, id);
        await recordStation(tx, userId, 'delete', before, null);
      });
    },

    async recipes(id: number) {
      await requireStation(id);
      return (await stationsRepository.recipesOf(db, id, false)).map(toProjection);
    },

    /** What an operator's station sees: active recipes of an active station (404 otherwise). */
    async recipesByCode(code: string) {
      const station = await stationsRepository.findByCode(db, code);
      if (station?.active !== 1) throw notFound('Station not found or inactive');
      return (await stationsRepository.recipesOf(db, station.id, true)).map(toProjection);
    },

    async assign(stationId: number, recipeId: number, userId: number) {
      const station = await requireStation(stationId);
      const recipe = await recipesRepository.findById(db, recipeId);
      if (!recipe) throw notFound('Recipe not found');
      if (await stationsRepository.findAssignment(db, stationId, recipeId)) {
        throw conflict('Recipe already assigned to this station');
      }
      try {
        return await db.transaction().execute(async (tx) => {
          const assigned = await stationsRepository.assign(tx, stationId, recipeId, userId, nowIso());
          await recordAssignment(tx, userId, 'assign', station, recipe);
          return assigned;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Recipe already assigned to this station');
        throw error;
      }
    },

    async unassign(stationId: number, recipeId: number, userId: number) {
      const station = await requireStation(stationId);
      const recipe = await recipesRepository.findById(db, recipeId);
      if (!recipe || !(await stationsRepository.findAssignment(db, stationId, recipeId)))
        throw notFound('Assignment not found');
      await db.transaction().execute(async (tx) => {
        // Deleted rows counted, so of two concurrent unassigns only the one that removed it records it.
        const { numDeletedRows } = (await stationsRepository.unassign(tx, stationId, recipeId))[0] ?? {};
        if (Number(numDeletedRows ?? 0) > 0) await recordAssignment(tx, userId, 'unassign', station, recipe);
      });
    },
  };
}
