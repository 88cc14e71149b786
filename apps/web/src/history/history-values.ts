import type { ChangeRecord } from '../api/types';

/**
 * A recorded value as the history shows it: text as typed, anything else (numbers, flags, lists) in its
 * JSON form, so a limit reads exactly as stored (10.8, not 10,80) and nothing is rounded away.
 */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The filter choices. The server's enums reach the client only as types (openapi.d.ts), so the lists are
 * written here and checked against those types both ways: a value the server lacks, or one it added, fails tsc.
 */
export const HISTORY_ENTITY_TYPES = [
  'recipe',
  'recipe_version',
  'task',
  'subtask',
  'user',
  'station',
  'station_assignment',
  'setting',
  'measurement_exclusion',
  'gauge',
  'measurement',
] as const satisfies readonly ChangeRecord['entity_type'][];

export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'release',
  'reorder',
  'assign',
  'unassign',
  'regenerate_key',
  'exclude',
  'reinstate',
  'back_entry',
] as const satisfies readonly ChangeRecord['action'][];

/** Compiles only when every value the server has is in the list (the `satisfies` above checks the other way). */
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : Exclude<All, Listed>;
const everyEntityType: Missing<ChangeRecord['entity_type'], (typeof HISTORY_ENTITY_TYPES)[number]> = true;
const everyAction: Missing<ChangeRecord['action'], (typeof HISTORY_ACTIONS)[number]> = true;
void everyEntityType;
void everyAction;
