import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { applyFilters, type MeasurementRow, measurementsRepository } from './measurements.repository.js';
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
] as const;

/** Rows fetched per keyset page; memory stays bounded by this, whatever the export size. */
const CHUNK = 5000;

export interface CsvFormat {
  delimiter: string;
  decimalSeparator: string;
}

function number(value: number, decimalSeparator: string): string {
  const text = String(value);
  return decimalSeparator === '.' ? text : text.replace('.', decimalSeparator);
}

function cells(row: MeasurementRow, format: CsvFormat): string[] {
  return [
    String(row.id),
    String(row.subtask_id),
    String(row.version_id),
    String(row.measured_by),
    number(row.value, format.decimalSeparator),
    row.pass_fail,
    number(row.deviation, format.decimalSeparator),
    row.lot_number,
    row.serial_number,
    row.input_method,
    row.measured_at,
    row.synced_to_csv === 1 ? 'true' : 'false',
  ];
}

/**
 * The export as a stream: keyset pages in id order, each page formatted by
 * csv-stringify (RFC 4180 quoting, CRLF) and pushed only when the client has
 * taken the previous one, so a slow client holds memory to one page.
 */
export function exportCsv(db: Kysely<DB>, filters: MeasurementFilters, format: CsvFormat): Readable {
  // Validate date filters before the first byte is sent, so a bad filter is a 422, not a truncated file.
  applyFilters(db.selectFrom('measurements').select('id'), filters);
  const options = {
    delimiter: format.delimiter,
    record_delimiter: 'windows' as const,
    quoted_match: /^\s|\s$/,
  };
  async function* pages() {
    yield stringify([[...CSV_COLUMNS]], options);
    let afterId = 0;
    while (true) {
      const rows = await measurementsRepository.chunkAfter(db, filters, afterId, CHUNK);
      if (rows.length === 0) return;
      yield stringify(
        rows.map((row) => cells(row, format)),
        options,
      );
      afterId = (rows[rows.length - 1] as MeasurementRow).id;
      if (rows.length < CHUNK) return;
    }
  }
  return Readable.from(pages(), { objectMode: false });
}
