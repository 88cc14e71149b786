import type { Environment } from '../upstream/upstream-types.js';
import { listAuditFiles } from './audit-files.js';
import type { AuditRecord } from './audit-record.js';
import { linesBackwards } from './backwards-lines.js';

export interface AuditFilter {
  /** The caller's environment: a token reads the records of its own environment only. */
  environment: Environment;
  /** Inclusive ISO 8601 bounds on `time`. */
  from?: string;
  to?: string;
  actor?: string;
  exchange?: string;
  action?: string;
  bot_tag?: string;
  limit: number;
}

export interface AuditPage {
  records: AuditRecord[];
  /** True when more matching records exist beyond `limit`. */
  has_more: boolean;
}

function matches(record: AuditRecord, filter: AuditFilter, from: number, to: number): boolean {
  const time = Date.parse(record.time);
  return (
    time >= from &&
    time <= to &&
    record.environment === filter.environment &&
    (filter.actor === undefined || record.actor === filter.actor) &&
    (filter.exchange === undefined || record.exchange === filter.exchange) &&
    (filter.action === undefined || record.action === filter.action) &&
    (filter.bot_tag === undefined || record.bot_tag === filter.bot_tag)
  );
}

/**
 * Matching records newest first, reading the current file and then the
 * rotated ones, each backwards in chunks, and stopping once `limit` records
 * (plus one, to know whether there are more) have been found. Memory is
 * bounded by `limit`, not by the size of the files. Rotated files whose day
 * is before `from` are not opened.
 */
export async function queryAudit(currentFile: string, filter: AuditFilter): Promise<AuditPage> {
  const from = filter.from ? Date.parse(filter.from) : Number.NEGATIVE_INFINITY;
  const to = filter.to ? Date.parse(filter.to) : Number.POSITIVE_INFINITY;
  const fromDay = filter.from ? new Date(from).toISOString().slice(0, 10) : null;
  const records: AuditRecord[] = [];
  for (const file of await listAuditFiles(currentFile)) {
    if (fromDay !== null && file.day !== null && file.day < fromDay) break;
    for await (const line of linesBackwards(file.path)) {
      let record: AuditRecord;
      try {
        record = JSON.parse(line) as AuditRecord;
      } catch {
        continue; // a torn last line after a crash must not hide the rest of the trail
      }
      if (!matches(record, filter, from, to)) continue;
      if (records.length === filter.limit) return { records, has_more: true };
      records.push(record);
    }
  }
  return { records, has_more: false };
}
