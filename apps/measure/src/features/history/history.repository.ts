import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { ChangeRecordsTable, DB } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import { dateBound } from '../measurements/measurements.repository.js';
import type { Action, EntityType, FieldChange } from './field-changes.js';

export interface NewChange {
  /** Null: the service itself (bootstrap). */
  actorId: number | null;
  entityType: EntityType;
  entityId: number | string;
  action: Action;
  recipeId?: number | null;
  versionId?: number | null;
  changes: FieldChange[];
  reason?: string | null;
}

/**
 * Writes one change record. Call it with the transaction that makes the change: the record and the change
 * commit together or not at all.
 */
export async function recordChange(tx: Kysely<DB>, change: NewChange): Promise<void> {
  await tx
    .insertInto('change_records')
    .values({
      recorded_at: nowIso(),
      actor_id: change.actorId,
      entity_type: change.entityType,
      entity_id: String(change.entityId),
      action: change.action,
      recipe_id: change.recipeId ?? null,
      version_id: change.versionId ?? null,
      changes: JSON.stringify(change.changes),
      reason: change.reason?.trim() ? change.reason.trim() : null,
    })
    .execute();
}

export interface HistoryFilters {
  entity_type?: EntityType | undefined;
  entity_id?: string | undefined;
  action?: Action | undefined;
  actor_id?: number | undefined;
  recipe_id?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

export type ChangeRow = Selectable<ChangeRecordsTable> & { actor_username: string | null };

/** The records matching the filters with the actor's username; each filter has an index (0007). */
export function historyQuery(db: Kysely<DB>, f: HistoryFilters) {
  let query: SelectQueryBuilder<DB, 'change_records' | 'users', object> = db
    .selectFrom('change_records')
    .leftJoin('users', 'users.id', 'change_records.actor_id');
  if (f.entity_type !== undefined) query = query.where('change_records.entity_type', '=', f.entity_type);
  if (f.entity_id !== undefined) query = query.where('change_records.entity_id', '=', f.entity_id);
  if (f.action !== undefined) query = query.where('change_records.action', '=', f.action);
  if (f.actor_id !== undefined) query = query.where('change_records.actor_id', '=', f.actor_id);
  if (f.recipe_id !== undefined) query = query.where('change_records.recipe_id', '=', f.recipe_id);
  if (f.date_from !== undefined)
    query = query.where('change_records.recorded_at', '>=', dateBound(f.date_from, 'date_from', false).value);
  if (f.date_to !== undefined) {
    const bound = dateBound(f.date_to, 'date_to', true);
    query = query.where('change_records.recorded_at', bound.inclusive ? '<=' : '<', bound.value);
  }
  return query;
}

export const HISTORY_COLUMNS = [
  'change_records.id',
  'change_records.recorded_at',
  'change_records.actor_id',
  'users.username as actor_username',
  'change_records.entity_type',
  'change_records.entity_id',
  'change_records.action',
  'change_records.recipe_id',
  'change_records.version_id',
  'change_records.changes',
  'change_records.reason',
] as const;

/** Newest first; id breaks ties and is the order records were written in. */
export const historyPage = (db: Kysely<DB>, f: HistoryFilters, offset: number, limit: number) =>
  historyQuery(db, f)
    .select([...HISTORY_COLUMNS])
    .orderBy('change_records.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute() as Promise<ChangeRow[]>;

export const historyCount = async (db: Kysely<DB>, f: HistoryFilters) =>
  Number(
    (
      await historyQuery(db, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
