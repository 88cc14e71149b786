/**
 * Excluding a measurement from the statistics and putting it back. The point itself is never changed or
 * deleted: an exclusion is a record of who took it out, when and for which assignable cause, and
 * reinstating completes that record, so the history of a point can always be read back.
 */
import { conflict, notFound, unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { nowIso, paged, pageWindow } from '../../http/time.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { exclusionReasons } from './exclusion-reasons.js';
import { exclusionsRepository, toExclusion } from './exclusions.repository.js';
import type { Exclusion, ExclusionCreate, ExclusionListQueryType } from './exclusions.schema.js';

export function createExclusionsService(db: Kysely<DB>) {
  const measurementOrThrow = async (id: number) => {
    const measurement = await exclusionsRepository.measurement(db, id);
    if (!measurement) throw notFound(`Measurement ${id} not found`);
    return measurement;
  };

  return {
    async exclude(measurementId: number, body: ExclusionCreate, by: number): Promise<Exclusion> {
      await measurementOrThrow(measurementId);
      const reasons = exclusionReasons(await settingsRepository.get(db, 'exclusion_reasons'));
      if (!reasons.includes(body.reason))
        throw unprocessable(
          `body.reason: must be one of ${reasons.map((r) => JSON.stringify(r)).join(', ')}`,
        );
      try {
        const row = await exclusionsRepository.insert(db, {
          measurement_id: measurementId,
          reason: body.reason,
          note: body.note ?? '',
          excluded_by: by,
          excluded_at: nowIso(),
        });
        return toExclusion(row);
      } catch (error) {
        // The partial unique index: this point already has an exclusion in force (perhaps a concurrent one).
        if (isUniqueViolation(error)) throw conflict(`Measurement ${measurementId} is already excluded`);
        throw error;
      }
    },

    async reinstate(measurementId: number, note: string | undefined, by: number): Promise<Exclusion> {
      await measurementOrThrow(measurementId);
      const row = await exclusionsRepository.reinstate(db, measurementId, by, nowIso(), note ?? '');
      if (!row) throw conflict(`Measurement ${measurementId} is not excluded`);
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
