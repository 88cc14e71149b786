import { Readable } from 'node:stream';
import type { Database } from '../../db/database.js';
import { rowBatches } from '../../db/row-batches.js';
import { csvFormatter, neutralizeFormula } from '../../domain/csv.js';
import { HISTORY_COLUMNS, type HistoryFilters, historyQuery } from './history.repository.js';

/** One line per record; `changes` as its JSON (field, before, after), so nothing is lost in the export. */
export const HISTORY_CSV_COLUMNS = [
  'id',
  'recorded_at',
  'actor_id',
  'actor_username',
  'entity_type',
  'entity_id',
  'action',
  'recipe_id',
  'version_id',
  'changes',
  'reason',
] as const;

/** Oldest first, as an auditor reads a log (the API list is newest first). */
const exportQuery = (database: Database, filters: HistoryFilters) =>
  historyQuery(database.db, filters)
    .select([...HISTORY_COLUMNS])
    .orderBy('change_records.id');

/**
 * The history as a byte stream, read with a cursor a batch at a time like the measurements export.
 * Every cell a user could have typed (usernames, ids of settings, the changes, the reason) is
 * formula-neutralised: a setting value or reason starting with `=` must not run in a spreadsheet.
 */
export function exportHistoryCsv(database: Database, filters: HistoryFilters, delimiter: string): Readable {
  // Built (and date filters validated) before the first byte, so a bad filter is a 422, not a cut file.
  const query = exportQuery(database, filters).compile();
  const line = csvFormatter(delimiter);
  const cell = (value: unknown) => (value === null ? '' : neutralizeFormula(String(value)));
  async function* text() {
    yield line(HISTORY_CSV_COLUMNS);
    for await (const rows of rowBatches(database, query)) {
      let out = '';
      for (const row of rows) out += line(row.map(cell));
      yield out;
    }
  }
  return Readable.from(text(), { objectMode: false });
}
