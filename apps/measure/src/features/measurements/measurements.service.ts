import { badRequest } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.types.js';
import { classify, deviation } from '../../domain/tolerance.js';
import { nowIso, paged } from '../../http/time.js';
import { measurementsRepository, toMeasurement } from './measurements.repository.js';
import type { Measurement, MeasurementCreate, MeasurementFilters } from './measurements.schema.js';

const LOOKUP_CHUNK = 500;

export function createMeasurementsService(db: Kysely<DB>, dialect: Dialect) {
  return {
    /**
     * Records a batch all-or-nothing: every item is checked (subtask exists and
     * belongs to version_id) inside the transaction that inserts them, so a
     * single bad item stores nothing and limits cannot change in between.
     * `field` names the item in error messages.
     */
    async record(
      items: MeasurementCreate[],
      measuredBy: number,
      field: (i: number) => string,
    ): Promise<Measurement[]> {
      const subtaskIds = [...new Set(items.map((item) => item.subtask_id))];
      const versionIds = [...new Set(items.map((item) => item.version_id))];
      const rows = await db.transaction().execute(async (tx) => {
        await measurementsRepository.shareLockRecipes(tx, dialect, versionIds);
        const subtasks = new Map<
          number,
          Awaited<ReturnType<typeof measurementsRepository.subtasksWithRecipe>>[number]
        >();
        for (let i = 0; i < subtaskIds.length; i += LOOKUP_CHUNK) {
          for (const row of await measurementsRepository.subtasksWithRecipe(
            tx,
            subtaskIds.slice(i, i + LOOKUP_CHUNK),
          )) {
            subtasks.set(row.id, row);
          }
        }
        const measuredAt = nowIso();
        const values = items.map((item, i) => {
          const subtask = subtasks.get(item.subtask_id);
          if (!subtask) throw badRequest(`${field(i)}.subtask_id: subtask ${item.subtask_id} does not exist`);
          if (subtask.version_id !== item.version_id) {
            throw badRequest(
              `${field(i)}.version_id: subtask ${item.subtask_id} belongs to version ${subtask.version_id}, not ${item.version_id}`,
            );
          }
          return {
            subtask_id: item.subtask_id,
            version_id: item.version_id,
            recipe_id: subtask.recipe_id,
            measured_by: measuredBy,
            value: item.value,
            pass_fail: classify(item.value, subtask),
            deviation: deviation(item.value, subtask),
            lot_number: item.lot_number ?? '',
            serial_number: item.serial_number ?? '',
            input_method: item.input_method ?? 'manual',
            measured_at: measuredAt,
            synced_to_csv: 0,
          };
        });
        return measurementsRepository.insertMany(tx, values);
      });
      return rows.map(toMeasurement);
    },

    async list(filters: MeasurementFilters, page: number, perPage: number) {
      const [rows, total] = await Promise.all([
        measurementsRepository.list(db, filters, (page - 1) * perPage, perPage),
        measurementsRepository.count(db, filters),
      ]);
      return paged(rows.map(toMeasurement), total, page, perPage);
    },
  };
}
