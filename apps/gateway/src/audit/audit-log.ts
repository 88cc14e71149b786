import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError, type Logger } from '@app/kit';
import { daysBefore, listAuditFiles, rotatedName, utcDay } from './audit-files.js';
import type { AuditRecord } from './audit-record.js';
import { linesBackwards } from './backwards-lines.js';

export interface AuditLogOptions {
  file: string;
  /** Rotated files of this many past days are kept; older ones are deleted at rotation. */
  backupDays: number;
  /** Also the rotation clock; tests inject one to cross midnight. */
  now: () => number;
  /** The `mcp.audit` logger; every record is also logged there. */
  logger: Logger;
  /** Opens the current file for appending; tests wrap it to watch or fail the writes. */
  openFile?: (path: string) => Promise<AuditFileHandle>;
}

/** What the log needs of an open file (a subset of node's FileHandle). */
export interface AuditFileHandle {
  appendFile(data: string): Promise<void>;
  datasync(): Promise<void>;
  close(): Promise<void>;
}

/** A record waiting for the commit that makes it durable. */
interface Waiting {
  record: AuditRecord;
  day: string;
  resolve: (record: AuditRecord) => void;
  reject: (error: unknown) => void;
}

/**
 * The audit trail: JSON lines appended to one file, rotated at the first write of each new UTC day. `append`
 * resolves only after the line is written and fdatasync'd, so a record the caller waited for survives a crash.
 *
 * Group commit: one commit at a time writes every record appended since the previous commit started and
 * covers them all with one fdatasync (docs/decisions.md, "Audit group commit"). A record therefore waits at
 * most for the commit in progress and its own, however many writes arrive together, where one fdatasync per
 * record made the records queue behind each other. Lines never interleave and rotation sees a quiet file;
 * a failed commit fails every record of its batch (none of their writes is sent).
 */
export class AuditLog {
  private handle: AuditFileHandle | null = null;
  /** UTC day of the records in the current file; null while it is empty. */
  private currentDay: string | null = null;
  /** Appended since the running commit started: the next batch. */
  private waiting: Waiting[] = [];
  /** The commit loop while it runs. */
  private committing: Promise<void> | null = null;

  constructor(private readonly options: AuditLogOptions) {}

  get file(): string {
    return this.options.file;
  }

  /**
   * Writes a record stamped with the current time. Rejects with 503
   * AUDIT_UNAVAILABLE when the line could not be made durable: the caller must
   * then not go on with the write it was about to audit.
   */
  append(partial: Omit<AuditRecord, 'time'>): Promise<AuditRecord> {
    const now = this.options.now();
    const record: AuditRecord = { time: new Date(now).toISOString(), ...partial };
    return new Promise((resolve, reject) => {
      this.waiting.push({ record, day: utcDay(now), resolve, reject });
      this.committing ??= this.commitWaiting();
    });
  }

  async close(): Promise<void> {
    await this.committing;
    await this.handle?.close();
    this.handle = null;
  }

  /** Commits batch after batch until nothing waits; each batch split where the UTC day changes. */
  private async commitWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      for (let start = 0; start < batch.length; ) {
        const day = batch[start]?.day;
        let end = start + 1;
        while (end < batch.length && batch[end]?.day === day) end++;
        await this.commit(batch.slice(start, end));
        start = end;
      }
    }
    this.committing = null;
  }

  /** One write and one fdatasync for records of one day; then each waiter is answered. */
  private async commit(records: Waiting[]): Promise<void> {
    try {
      const handle = await this.handleFor((records[0] as Waiting).day);
      await handle.appendFile(records.map((entry) => `${JSON.stringify(entry.record)}\n`).join(''));
      await handle.datasync();
    } catch (error) {
      // Reopen on the next commit: the handle may be the reason.
      await this.handle?.close().catch(() => undefined);
      this.handle = null;
      this.options.logger.error(
        { err: error, request_ids: records.map((entry) => entry.record.request_id) },
        'audit write failed',
      );
      for (const entry of records) entry.reject(auditUnavailable(error));
      return;
    }
    for (const entry of records) {
      this.options.logger.info(entry.record, 'audit');
      entry.resolve(entry.record);
    }
  }

  private async handleFor(day: string): Promise<AuditFileHandle> {
    if (!this.handle) {
      await mkdir(dirname(this.options.file), { recursive: true });
      this.currentDay = await this.dayOfExistingFile();
      this.handle = await this.open();
    }
    if (this.currentDay !== null && this.currentDay !== day) await this.rotate(day);
    this.currentDay = day;
    return this.handle as AuditFileHandle;
  }

  private open(): Promise<AuditFileHandle> {
    return this.options.openFile ? this.options.openFile(this.options.file) : open(this.options.file, 'a');
  }

  /** The day of the last record already in the file (after a restart), or null when it is empty or absent. */
  private async dayOfExistingFile(): Promise<string | null> {
    for await (const line of linesBackwards(this.options.file)) {
      let time: unknown;
      try {
        time = (JSON.parse(line) as { time?: unknown }).time;
      } catch {
        break;
      }
      if (typeof time === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(time)) return time.slice(0, 10);
      break;
    }
    try {
      const info = await stat(this.options.file);
      return info.size > 0 ? utcDay(info.mtimeMs) : null;
    } catch {
      return null;
    }
  }

  private async rotate(today: string): Promise<void> {
    const day = this.currentDay as string;
    await this.handle?.close();
    this.handle = null;
    const existing = await listAuditFiles(this.options.file);
    const sameDay = existing.filter((file) => file.day === day);
    const sequence = sameDay.length === 0 ? 0 : Math.max(...sameDay.map((file) => file.sequence)) + 1;
    await rename(this.options.file, rotatedName(this.options.file, day, sequence));
    this.handle = await this.open();
    await this.prune(today);
  }

  /** Deletes rotated files older than `backupDays` days before today. */
  private async prune(today: string): Promise<void> {
    const oldestKept = daysBefore(today, this.options.backupDays);
    for (const file of await listAuditFiles(this.options.file)) {
      if (file.day !== null && file.day < oldestKept) await rm(file.path, { force: true });
    }
  }
}

function auditUnavailable(cause: unknown): AppError {
  return new AppError(503, 'AUDIT_UNAVAILABLE', 'The audit log cannot be written; the write was not sent', {
    retryable: true,
    cause,
  });
}
