/**
 * A recorded value as the history shows it: text as typed, anything else (numbers, flags, lists) in its
 * JSON form, so a limit reads exactly as stored (10.8, not 10,80) and nothing is rounded away.
 */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

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
] as const;

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
] as const;
