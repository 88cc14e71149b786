import { badRequest, conflict, unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.types.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { finerThanResolution, gaugeRefusal } from './gauge-rules.js';
import { gaugesRepository } from './gauges.repository.js';

/** A station clock may run this far ahead of the server's before its `taken_at` counts as invented. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface GaugedItem {
  value: number;
  gauge_id?: number | undefined;
  taken_at?: string | undefined;
}

/**
 * Loads the gauges a batch names (share-locked on PostgreSQL, inside the batch's transaction) and
 * returns the check each item passes before it is stored: the gauge exists, was usable when the value
 * was taken (409 otherwise) and is not coarser than the value (422). `field(i)` names the item.
 */
export async function gaugeChecker(
  tx: Kysely<DB>,
  dialect: Dialect,
  items: GaugedItem[],
  field: (i: number) => string,
  receivedAt: string,
) {
  const ids = [...new Set(items.flatMap((item) => (item.gauge_id === undefined ? [] : [item.gauge_id])))];
  const gauges = new Map(
    (await gaugesRepository.findMany(tx, ids, dialect === 'postgres')).map((gauge) => [gauge.id, gauge]),
  );
  // Periods change only under the gauge's FOR UPDATE lock, which the share lock above excludes.
  const periods = await gaugesRepository.periods(tx, [...gauges.keys()]);
  const required = (await settingsRepository.get(tx, 'gauge_required')) === 'true';
  const latest = new Date(Date.parse(receivedAt) + CLOCK_SKEW_MS).toISOString();

  return (item: GaugedItem, i: number): { gauge_id: number | null; taken_at: string | null } => {
    const takenMs = item.taken_at === undefined ? null : Date.parse(item.taken_at);
    if (takenMs !== null && Number.isNaN(takenMs))
      throw unprocessable(`${field(i)}.taken_at: ${item.taken_at} is not a date-time`);
    const takenAt = takenMs === null ? null : new Date(takenMs).toISOString();
    if (takenAt !== null && takenAt > latest)
      throw unprocessable(
        `${field(i)}.taken_at: ${item.taken_at} is later than the server's time ${receivedAt}`,
      );
    if (item.gauge_id === undefined) {
      if (required) throw unprocessable(`${field(i)}.gauge_id: a gauge is required (setting gauge_required)`);
      return { gauge_id: null, taken_at: takenAt };
    }
    const gauge = gauges.get(item.gauge_id);
    if (!gauge) throw badRequest(`${field(i)}.gauge_id: gauge ${item.gauge_id} does not exist`);
    const resolution = Number(gauge.resolution);
    if (finerThanResolution(item.value, resolution))
      throw unprocessable(
        `${field(i)}.value: ${item.value} has more decimals than the resolution ${resolution} of gauge ${gauge.code}`,
      );
    const refusal = gaugeRefusal({ ...gauge, periods: periods.get(gauge.id) ?? [] }, takenAt ?? receivedAt);
    if (refusal) throw conflict(`${field(i)}.gauge_id: ${refusal}`, 'GAUGE_NOT_USABLE');
    return { gauge_id: gauge.id, taken_at: takenAt };
  };
}
