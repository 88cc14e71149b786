import { notFound } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { paged, pageWindow } from '../../http/time.js';
import type { Action, EntityType, FieldChange } from './field-changes.js';
import { type ChangeRow, type HistoryFilters, historyCount, historyPage } from './history.repository.js';
import type { ChangeRecord } from './history.schema.js';

export const toChangeRecord = (row: ChangeRow): ChangeRecord => ({
  ...row,
  entity_type: row.entity_type as EntityType,
  action: row.action as Action,
  changes: JSON.parse(row.changes) as FieldChange[],
});

/** Reading the change history: nothing here writes (records are written by the changes themselves). */
export function createHistoryService(db: Kysely<DB>) {
  return {
    async list(filters: HistoryFilters, page: number, perPage: number) {
      const { offset, limit } = pageWindow(page, perPage);
      const [rows, total] = await Promise.all([
        historyPage(db, filters, offset, limit),
        historyCount(db, filters),
      ]);
      return paged(rows.map(toChangeRecord), total, page, perPage);
    },

    async requireRecipe(id: number) {
      const row = await db.selectFrom('recipes').select('id').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Recipe not found');
    },

    async requireUser(id: number) {
      const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('User not found');
    },
  };
}
