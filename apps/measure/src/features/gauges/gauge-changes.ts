import { unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { fieldChanges } from '../history/field-changes.js';
import { recordChange } from '../history/history.repository.js';
import type { GaugeRow } from './gauges.repository.js';

/** What the change history lists of a gauge (the service interval follows from `status`). */
const GAUGE_FIELDS = [
  'code',
  'description',
  'type',
  'resolution',
  'serial_number',
  'calibrated_on',
  'calibration_due',
  'status',
  'notes',
] as const satisfies readonly (keyof GaugeRow)[];

/**
 * The fields that decide whether a reading is accepted (due date, service, decimals): changing one
 * changes which parts pass, so, as for a measured characteristic's limits, it needs a reason.
 */
export const REASONED_FIELDS = ['calibration_due', 'status', 'resolution'] as const;

/** 422 naming `body.reason` when a reasoned field changes without one; called before anything is written. */
export function requireReason(before: GaugeRow, input: Partial<GaugeRow>, reason: string | undefined) {
  const changed = REASONED_FIELDS.filter((f) => input[f] !== undefined && input[f] !== before[f]);
  if (changed.length > 0 && !reason?.trim())
    throw unprocessable(`body.reason: required to change ${changed.join(', ')} of gauge ${before.code}`);
}

/** One record of a gauge's creation, edit or deletion, in the transaction that made it. */
export async function recordGaugeChange(
  tx: Kysely<DB>,
  actorId: number,
  action: 'create' | 'update' | 'delete',
  before: GaugeRow | null,
  after: GaugeRow | null,
  reason?: string,
): Promise<void> {
  const changes = fieldChanges(before, after, GAUGE_FIELDS);
  if (changes.length === 0) return;
  await recordChange(tx, {
    actorId,
    entityType: 'gauge',
    entityId: (after ?? before)?.id as number,
    action,
    changes,
    reason: reason ?? null,
  });
}
