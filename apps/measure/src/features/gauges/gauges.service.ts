import { conflict, notFound, unprocessable } from '@app/kit';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB, GaugesTable } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { decimalsOf } from '../../spc/classification.js';
import { recordGaugeChange, requireReason } from './gauge-changes.js';
import { type GaugeStatus, MAX_RESOLUTION_DECIMALS, serviceInterval } from './gauge-rules.js';
import { gaugesRepository, toGauge } from './gauges.repository.js';
import type { GaugeCreate, GaugeUpdate } from './gauges.schema.js';

/** YYYY-MM-DD that names a real day (the schema's pattern lets 2026-02-31 through). */
function checkDate(text: string, field: string): void {
  const parsed = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text)
    throw unprocessable(`body.${field}: ${text} is not a calendar date`);
}

function checkFields(values: { resolution?: number; calibrated_on?: string; calibration_due?: string }) {
  if (values.resolution !== undefined && decimalsOf(values.resolution) > MAX_RESOLUTION_DECIMALS)
    throw unprocessable(`body.resolution: at most ${MAX_RESOLUTION_DECIMALS} decimals`);
  if (values.calibrated_on !== undefined) checkDate(values.calibrated_on, 'calibrated_on');
  if (values.calibration_due !== undefined) checkDate(values.calibration_due, 'calibration_due');
  if (
    values.calibrated_on !== undefined &&
    values.calibration_due !== undefined &&
    values.calibration_due < values.calibrated_on
  )
    throw unprocessable('body.calibration_due: must not be before calibrated_on');
}

const duplicate = (code: string) => conflict(`body.code: a gauge with code ${code} already exists`);

export function createGaugesService(db: Kysely<DB>, dialect: Dialect) {
  async function requireGauge(id: number) {
    const row = await gaugesRepository.findById(db, id);
    if (!row) throw notFound('Gauge not found');
    return row;
  }

  return {
    list: async (status: string | undefined) => (await gaugesRepository.list(db, status)).map(toGauge),
    get: async (id: number) => toGauge(await requireGauge(id)),

    /** One transaction: the gauge, its first service period (registered in service) and its record. */
    async create(input: GaugeCreate, userId: number) {
      checkFields(input);
      if (await gaugesRepository.findByCode(db, input.code)) throw duplicate(input.code);
      const now = nowIso();
      const status = input.status ?? 'in_service';
      try {
        return await db.transaction().execute(async (tx) => {
          const row = await gaugesRepository.insert(tx, {
            code: input.code,
            description: input.description ?? '',
            type: input.type,
            resolution: input.resolution,
            serial_number: input.serial_number ?? '',
            calibrated_on: input.calibrated_on,
            calibration_due: input.calibration_due,
            status,
            in_service_from: status === 'in_service' ? now : null,
            out_of_service_from: null,
            notes: input.notes ?? '',
            created_by: userId,
            created_at: now,
            updated_at: now,
          });
          if (status === 'in_service') await gaugesRepository.openPeriod(tx, row.id, now);
          await recordGaugeChange(tx, userId, 'create', null, row);
          return toGauge(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(input.code);
        throw error;
      }
    },

    /**
     * One transaction, the row locked (PostgreSQL): the reason is checked before anything is written,
     * a status change opens or closes a service period, and the change is recorded last.
     */
    update: (id: number, input: GaugeUpdate, userId: number) =>
      db.transaction().execute(async (tx) => {
        const before = await gaugesRepository.findForUpdate(tx, id, dialect === 'postgres');
        if (!before) throw notFound('Gauge not found');
        const { code: _immutable, reason, ...changes } = input;
        checkFields({
          resolution: changes.resolution,
          calibrated_on: changes.calibrated_on ?? before.calibrated_on,
          calibration_due: changes.calibration_due ?? before.calibration_due,
        });
        requireReason(before, changes, reason);
        const values: Updateable<GaugesTable> = {};
        for (const [field, value] of Object.entries(changes)) {
          if (value !== undefined) Object.assign(values, { [field]: value });
        }
        if (Object.keys(values).length === 0) return toGauge(before);
        const now = nowIso();
        const status = changes.status as GaugeStatus | undefined;
        if (status !== undefined && status !== before.status) {
          Object.assign(values, serviceInterval(before, status, now));
          if (status === 'in_service') await gaugesRepository.openPeriod(tx, id, now);
          else if (before.status === 'in_service') await gaugesRepository.closePeriod(tx, id, now);
        }
        values.updated_at = now;
        const after = await gaugesRepository.update(tx, id, values);
        await recordGaugeChange(tx, userId, 'update', before, after, reason);
        return toGauge(after);
      }),

    /** Only a gauge no measurement names: the others stay for traceability (retire them instead). */
    async remove(id: number, userId: number) {
      await db.transaction().execute(async (tx) => {
        const before = await gaugesRepository.findForUpdate(tx, id, dialect === 'postgres');
        if (!before) throw notFound('Gauge not found');
        if (await gaugesRepository.isUsed(tx, id))
          throw conflict('Gauge has measurements; set its status to retired instead of deleting it');
        await gaugesRepository.delete(tx, id);
        await recordGaugeChange(tx, userId, 'delete', before, null);
      });
    },
  };
}
