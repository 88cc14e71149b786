import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { rowBatches } from '../../db/row-batches.js';
import type { DB } from '../../db/schema.types.js';
import { csvFormatter, decimalText, neutralizeFormula } from '../../domain/csv.js';
import { applyFilters } from './measurements.repository.js';
import type { MeasurementFilters } from './measurements.schema.js';

export const CSV_COLUMNS = [
  'id',
  'subtask_id',
  'version_id',
  'measured_by',
  'value',
  'pass_fail',
  'deviation',
  'lot_number',
  'serial_number',
  'input_method',
  'measured_at',
  'synced_to_csv',
  'taken_at',
] as const;

/** After the stored columns: the gauge by its code (what is printed on it), empty when none was given. */
const HEADER = [...CSV_COLUMNS, 'gauge_code'];

const VALUE = 4;
const DEVIATION = 6;
const SYNCED = 11;
/** Free text a user typed (lot, serial, input method, gauge code): the columns a formula could be smuggled in. */
const FREE_TEXT = new Set([7, 8, 9, 13]);

export interface CsvFormat {
  delimiter: string;
  decimalSeparator: string;
}

/** The export query in id order (also compiled by the query-plan test). */
export const exportQuery = (db: Kysely<DB>, filters: MeasurementFilters) =>
  applyFilters(
    db
      .selectFrom('measurements')
      .select([...CSV_COLUMNS])
      .select((eb) =>
        eb
          .selectFrom('gauges')
          .select('gauges.code')
          .whereRef('gauges.id', '=', 'measurements.gauge_id')
          .as('gauge_code'),
      ),
    filters,
  ).orderBy('id');

/**
 * The export as a byte stream: chunks are formatted and pushed only as the
 * client takes them (Readable.from pulls the generator), so a slow client
 * holds the server to one chunk, and a client that goes away stops the query.
 */
export function exportCsv(database: Database, filters: MeasurementFilters, format: CsvFormat): Readable {
  // Built (and date filters validated) before the first byte, so a bad filter is a 422, not a truncated file.
  exportQuery(database.db, filters);
  const line = csvFormatter(format.delimiter);
  const number =
    format.decimalSeparator === '.'
      ? decimalText
      : (value: unknown) => decimalText(value).replace('.', format.decimalSeparator);
  async function* text() {
    yield line(HEADER);
    for await (const rows of rowBatches(database, exportQuery(database.db, filters).compile())) {
      let out = '';
      for (const row of rows) {
        const cells = row.map((cell, column) =>
          column === VALUE || column === DEVIATION
            ? number(cell)
            : cell === null
              ? ''
              : FREE_TEXT.has(column)
                ? neutralizeFormula(String(cell))
                : String(cell),
        );
        cells[SYNCED] = row[SYNCED] === 1 ? 'true' : 'false';
        out += line(cells);
      }
      yield out;
    }
  }
  return Readable.from(text(), { objectMode: false });
}
