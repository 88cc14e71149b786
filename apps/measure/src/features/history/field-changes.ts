/**
 * What a change record says changed: each field whose value differs, with its value before and after.
 * Pure, so the rules (what counts as a change, what is never written down) are tested without a database.
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const ENTITY_TYPES = [
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
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ACTIONS = [
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
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Never written into the history whatever a caller passes in: a password or API key hash in an
 * audit log is a secret kept forever in a table nobody may delete from.
 */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'key_hash', 'api_key']);

/** Values compare by their JSON form, so arrays and objects (roles, annotations) compare by content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The listed fields that differ between `before` and `after`. `before` null: a creation (every field with
 * a value is listed, before null); `after` null: a deletion (every field listed, after null).
 */
export function fieldChanges<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (SECRET_FIELDS.has(field)) continue;
    const was = before === null ? null : (before[field] ?? null);
    const now = after === null ? null : (after[field] ?? null);
    if (before !== null && after !== null && same(was, now)) continue;
    if (before === null && now === null) continue;
    if (after === null && was === null) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}
