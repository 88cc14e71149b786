import { AppError } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { recordChange } from '../history/history.repository.js';
import type { MeasurementRow } from './measurements.repository.js';

/** The subtask facts the version check needs (from `subtasksWithRecipe`). */
export interface VersionFacts {
  version_id: number;
  version_number: number;
  recipe_id: number;
  current_version_id: number | null;
}

/**
 * A value posted against a version that is no longer current was read against an older drawing and would be
 * judged by its (possibly looser) limits: issue 46, item 9 (UTL 11 → 10.3 let 10.8 through as `warning`). So
 * it is refused with 409 naming the current version, unless the caller marks it as a back-entry with a reason
 * (a part measured offline before the release): then it is stored against the version it names, the reason
 * kept with the row and in the change history. Returns the reason to store, null for the current version.
 */
export async function backEntryReason(
  tx: Kysely<DB>,
  subtask: VersionFacts,
  reason: string | undefined,
  field: string,
): Promise<string | null> {
  if (subtask.current_version_id === null || subtask.current_version_id === subtask.version_id) return null;
  const trimmed = reason?.trim();
  if (trimmed) return trimmed;
  const current = await tx
    .selectFrom('recipe_versions')
    .select(['id', 'version_number'])
    .where('id', '=', subtask.current_version_id)
    .executeTakeFirstOrThrow();
  throw new AppError(
    409,
    'VERSION_NOT_CURRENT',
    `${field}.version_id: version ${subtask.version_number} is not the current version of the recipe ` +
      `(version ${current.version_number} is); post against it, or send back_entry_reason for a value ` +
      'measured against the older version',
    {
      details: {
        version_id: subtask.version_id,
        version_number: subtask.version_number,
        current_version_id: current.id,
        current_version_number: current.version_number,
      },
    },
  );
}

/** One change record per back-entry, written in the measurements' transaction, so both commit or neither. */
export async function recordBackEntries(tx: Kysely<DB>, rows: MeasurementRow[], actorId: number) {
  for (const row of rows) {
    if (row.back_entry_reason === null) continue;
    await recordChange(tx, {
      actorId,
      entityType: 'measurement',
      entityId: row.id,
      action: 'back_entry',
      recipeId: row.recipe_id,
      versionId: row.version_id,
      changes: [
        { field: 'subtask_id', before: null, after: row.subtask_id },
        { field: 'value', before: null, after: row.value },
        { field: 'pass_fail', before: null, after: row.pass_fail },
      ],
      reason: row.back_entry_reason,
    });
  }
}
