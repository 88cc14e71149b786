import { conflict, notFound } from '@app/kit';
import type { Kysely, Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB, StationsTable } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { recipesRepository } from '../recipes/recipes.repository.js';
import { stationsRepository, toStation } from './stations.repository.js';
import type { StationCreate, StationUpdate } from './stations.schema.js';

const toProjection = (row: { id: number; code: string; name: string; active: number }) => ({
  ...row,
  active: row.active === 1,
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
        const row = await stationsRepository.insert(db, {
          code: input.code,
          name: input.name,
          location: input.location ?? null,
          notes: input.notes ?? null,
          active: input.active === false ? 0 : 1,
          created_by: userId,
          created_at: nowIso(),
        });
        return toStation(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Station code already exists');
        throw error;
      }
    },

    async update(id: number, input: StationUpdate) {
      await requireStation(id);
      const values: Updateable<StationsTable> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.location !== undefined) values.location = input.location;
      if (input.notes !== undefined) values.notes = input.notes;
      if (input.active !== undefined) values.active = input.active ? 1 : 0;
      if (Object.keys(values).length === 0) return toStation(await requireStation(id));
      return toStation(await stationsRepository.update(db, id, values));
    },

    async remove(id: number) {
      await requireStation(id);
      await stationsRepository.delete(db, id);
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
      await requireStation(stationId);
      if (!(await recipesRepository.findById(db, recipeId))) throw notFound('Recipe not found');
      if (await stationsRepository.findAssignment(db, stationId, recipeId)) {
        throw conflict('Recipe already assigned to this station');
      }
      try {
        return await stationsRepository.assign(db, stationId, recipeId, userId, nowIso());
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Recipe already assigned to this station');
        throw error;
      }
    },

    async unassign(stationId: number, recipeId: number) {
      await requireStation(stationId);
      if (!(await stationsRepository.findAssignment(db, stationId, recipeId)))
        throw notFound('Assignment not found');
      await stationsRepository.unassign(db, stationId, recipeId);
    },
  };
}
