/**
 * Excluding a measurement from the statistics and putting it back. The point itself is never changed or
 * deleted. measurement_exclusions holds which points are out (what the statistics read); each exclusion
 * and each reinstatement is also one record of the change history, in the same transaction, so the one
 * audit trail of the service tells who took a point out or put it back, when and why.
 */
import { conflict, notFound, unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { nowIso, paged, pageWindow } from '../../http/time.js';
import { recordChange } from '../history/history.repository.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { exclusionReasons } from './exclusion-reasons.js';
import { exclusionsRepository, toExclusion } from './exclusions.repository.js';
import type { Exclusion, ExclusionCreate, ExclusionListQueryType } from './exclusions.schema.js';

/** A point's exclusion records are named by the measurement and belong to its recipe and version. */
const recordOf = (measurement: { id: number; recipe_id: number; version_id: number }, by: number) => ({
  actorId: by,
  entityType: 'measurement_exclusion' as const,
  entityId: measurement.id,
  recipeId: measurement.recipe_id,
  versionId: measurement.version_id,
});

export function createExclusionsService(db: Kysely<DB>) {
  const measurementOrThrow = async (id: number) => {
    const measurement = await exclusionsRepository.measurement(db, id);
    if (!measurement) throw notFound(`Measurement ${id} not found`);
    return measurement;
  };

  return {
    async exclude(measurementId: number, body: ExclusionCreate, by: number): Promise<Exclusion> {
      const measurement = await measurementOrThrow(measurementId);
      const reasons = exclusionReasons(await settingsRepository.get(db, 'exclusion_reasons'));
      if (!reasons.includes(body.reason))
        throw unprocessable(
          `body.reason: must be one of ${reasons.map((r) => JSON.stringify(r)).join(', ')}`,
        );
      try {
        const row = await db.transaction().execute(async (tx) => {
          const inserted = await exclusionsRepository.insert(tx, {
            measurement_id: measurementId,
            reason: body.reason,
            note: body.note ?? '',
            excluded_by: by,
            excluded_at: nowIso(),
          });
          await recordChange(tx, {
            ...recordOf(measurement, by),
            action: 'exclude',
            changes: [
              { field: 'excluded', before: false, after: true },
              { field: 'cause', before: null, after: body.reason },
            ],
            reason: body.note ? `${body.reason}: ${body.note}` : body.reason,
          });
          return inserted;
        });
        return toExclusion(row);
      } catch (error) {
        // The partial unique index: this point already has an exclusion in force (perhaps a concurrent one).
        if (isUniqueViolation(error)) throw conflict(`Measurement ${measurementId} is already excluded`);
        throw error;
      }
    },

    async reinstate(measurementId: number, note: string | undefined, by: number): Promise<Exclusion> {
      const measurement = await measurementOrThrow(measurementId);
      const row = await db.transaction().execute(async (tx) => {
        const ended = await exclusionsRepository.reinstate(tx, measurementId, by, nowIso(), note ?? '');
        if (!ended) throw conflict(`Measurement ${measurementId} is not excluded`);
        await recordChange(tx, {
          ...recordOf(measurement, by),
          action: 'reinstate',
          changes: [{ field: 'excluded', before: true, after: false }],
          reason: note ?? null,
        });
        return ended;
      });
      return toExclusion(row);
    },

    async history(measurementId: number): Promise<Exclusion[]> {
      await measurementOrThrow(measurementId);
      return (await exclusionsRepository.ofMeasurement(db, measurementId)).map(toExclusion);
    },

    async list({ page, per_page, ...filters }: ExclusionListQueryType) {
      const query = exclusionsRepository.listQuery(db, filters);
      const { offset, limit } = pageWindow(page, per_page);
      const [rows, count] = await Promise.all([
        query
          .selectAll('measurement_exclusions')
          .select([
            'measurements.subtask_id',
            'measurements.version_id',
            'measurements.value',
            'measurements.measured_at',
            'measurements.serial_number',
            'measurements.lot_number',
          ])
          .orderBy('measurement_exclusions.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((row) => ({ ...row, active: row.reinstated_at === null })),
        Number(count.n),
        page,
        per_page,
      );
    },
  };
}
