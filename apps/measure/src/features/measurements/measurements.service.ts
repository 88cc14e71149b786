import { badRequest } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { classify, deviation } from '../../domain/tolerance.js';
import { nowIso, paged } from '../../http/time.js';
import { statisticsRepository } from '../../statistics/statistics.repository.js';
import { checkAcrossVersions } from '../../statistics/statistics.service.js';
import { gaugeChecker } from '../gauges/gauge-check.js';
import { backEntryReason, recordBackEntries } from './back-entry.js';
import { batchesRepository, contentHash, normalizedItem, replayBatch } from './measurement-batches.js';
import { measurementsRepository, toMeasurement } from './measurements.repository.js';
import type { Measurement, MeasurementCreate, MeasurementFilters } from './measurements.schema.js';

const LOOKUP_CHUNK = 500;

export interface RecordResult {
  measurements: Measurement[];
  /** True when the batch_id was already stored and nothing new was inserted. */
  replayed: boolean;
}

export function createMeasurementsService(db: Kysely<DB>, dialect: Dialect) {
  const service = {
    /**
     * `record`, made idempotent by the client's `batch_id`: a batch whose id is stored already (the answer
     * to the first attempt was lost) returns what was stored instead of a second copy. The id row is
     * inserted first in the measurements' transaction, so of two concurrent attempts one waits on the
     * unique index and then finds the other's batch.
     */
    async recordBatch(
      items: MeasurementCreate[],
      measuredBy: number,
      batchId: string | undefined,
    ): Promise<RecordResult> {
      const field = (i: number) => `body.measurements.${i}`;
      if (batchId === undefined)
        return { measurements: await service.record(items, measuredBy, field), replayed: false };
      const id = batchId.toLowerCase();
      const earlier = await replayBatch(db, id, items, measuredBy);
      if (earlier) return { measurements: earlier, replayed: true };
      try {
        return { measurements: await service.record(items, measuredBy, field, id), replayed: false };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = await replayBatch(db, id, items, measuredBy);
        if (!raced) throw error;
        return { measurements: raced, replayed: true };
      }
    },

    /**
     * Records a batch all-or-nothing: every item is checked (subtask exists and
     * belongs to version_id, that version is current unless the item is a back-entry, its gauge was usable
     * and is fine enough) inside the
     * transaction that inserts them, so a single bad item stores nothing and
     * limits or gauges cannot change in between.
     * `field` names the item in error messages.
     */
    async record(
      items: MeasurementCreate[],
      measuredBy: number,
      field: (i: number) => string,
      batchId?: string,
    ): Promise<Measurement[]> {
      const subtaskIds = [...new Set(items.map((item) => item.subtask_id))];
      const versionIds = [...new Set(items.map((item) => item.version_id))];
      const rows = await db.transaction().execute(async (tx) => {
        const measuredAt = nowIso();
        const batch =
          batchId === undefined
            ? undefined
            : await batchesRepository.insert(tx, {
                batch_id: batchId,
                submitted_by: measuredBy,
                content_hash: contentHash(items),
                item_count: items.length,
                created_at: measuredAt,
              });
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
        const checkGauge = await gaugeChecker(tx, dialect, items, field, measuredAt);
        const values = [];
        for (const [i, item] of items.entries()) {
          const subtask = subtasks.get(item.subtask_id);
          if (!subtask) throw badRequest(`${field(i)}.subtask_id: subtask ${item.subtask_id} does not exist`);
          if (subtask.version_id !== item.version_id) {
            throw badRequest(
              `${field(i)}.version_id: subtask ${item.subtask_id} belongs to version ${subtask.version_id}, not ${item.version_id}`,
            );
          }
          values.push({
            ...normalizedItem(item),
            ...checkGauge(item, i),
            // judged against the version it names: a back-entry keeps the limits it was measured against
            back_entry_reason: await backEntryReason(tx, subtask, item.back_entry_reason, field(i)),
            recipe_id: subtask.recipe_id,
            measured_by: measuredBy,
            pass_fail: classify(item.value, subtask),
            deviation: deviation(item.value, subtask),
            measured_at: measuredAt,
            synced_to_csv: 0,
            batch_ref: batch?.id ?? null,
          });
        }
        const inserted = await measurementsRepository.insertMany(tx, values);
        await recordBackEntries(tx, inserted, measuredBy);
        return inserted;
      });
      return rows.map(toMeasurement);
    },

    async list(query: MeasurementFilters & { across_versions?: boolean }, page: number, perPage: number) {
      const filters = await followCharacteristic(db, query);
      const [rows, total] = await Promise.all([
        measurementsRepository.list(db, filters, (page - 1) * perPage, perPage),
        measurementsRepository.count(db, filters),
      ]);
      const { operators, subtasks } = await measurementsRepository.labels(db, rows);
      const items = rows.map((row) => ({
        ...toMeasurement(row),
        operator_name: operators.get(row.measured_by) ?? `#${row.measured_by}`,
        marker_number: subtasks.get(row.subtask_id)?.marker_number ?? 0,
        subtask_description: subtasks.get(row.subtask_id)?.description ?? '',
        version_number: subtasks.get(row.subtask_id)?.version_number ?? 0,
      }));
      return paged(items, total, page, perPage);
    },

    partSummary: (filters: MeasurementFilters) => measurementsRepository.partSummary(db, filters),

    /** The filters of the rows a query means: with `across_versions`, the characteristic in every version. */
    filtersOf: (query: MeasurementFilters & { across_versions?: boolean }) => followCharacteristic(db, query),
  };
  return service;
}

/**
 * The list's filters; with `across_versions` the subtask stands for its characteristic (recipe and marker number)
 * in every version, the same rows the statistics and the chart across versions are computed from. An unknown
 * subtask lists nothing, as it does without the flag.
 */
async function followCharacteristic(
  db: Kysely<DB>,
  { across_versions, ...filters }: MeasurementFilters & { across_versions?: boolean },
): Promise<MeasurementFilters> {
  checkAcrossVersions({ ...filters, across_versions });
  if (!across_versions || filters.subtask_id === undefined) return filters;
  const characteristic = await measurementsRepository.characteristicOf(db, filters.subtask_id);
  if (!characteristic) return filters;
  const lineage = await statisticsRepository.lineage(
    db,
    characteristic.recipe_id,
    characteristic.marker_number,
  );
  const { subtask_id: _one, ...rest } = filters;
  return { ...rest, subtask_ids: lineage.map((row) => row.subtask_id) };
}
