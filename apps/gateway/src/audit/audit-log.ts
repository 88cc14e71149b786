import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError, type Logger } from '@app/kit';
import { daysBefore, listAuditFiles, rotatedName, utcDay } from './audit-files.js';
import type { AuditRecord } from './audit-record.js';
import { linesBackwards } from './backwards-lines.js';
import { GroupCommit } from './group-commit.js';

export interface AuditLogOptions {
  file: string;
  /** Rotated files of this many past days are kept; older ones are deleted at rotation. */
  backupDays: number;
  /** Also the rotation clock; tests inject one to cross midnight. */
  now: () => number;
  /** The `mcp.audit` logger; every record is also logged there. */
  logger: Logger;
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/**
 * The audit trail: JSON lines appended to one file, rotated at the first
 * write of each new UTC day. `append` resolves only after the line is written
 * and fdatasync'd, so a record the caller waited for survives a crash. Records
 * are group-committed (group-commit.ts): those that arrive while a write is
 * being synced go out together in the next one, in arrival order, so lines
 * never interleave and rotation sees a quiet file.
 */
export class AuditLog {
  private handle: FileHandle | null = null;
  /** UTC day of the records in the current file; null while it is empty. */
  private currentDay: string | null = null;
  private readonly batches = new GroupCommit((batch: readonly Omit<AuditRecord, 'time'>[]) =>
    this.write(batch),
  );

  constructor(private readonly options: AuditLogOptions) {}

  get file(): string {
    return this.options.file;
  }

  /**
   * Writes a record stamped with the current time. Rejects with 503
   * AUDIT_UNAVAILABLE when the line could not be made durable: the caller must
   * then not go on with the write it was about to audit.
   */
  append(record: Omit<AuditRecord, 'time'>): Promise<AuditRecord> {
    return this.batches.add(record).catch((error: unknown) => {
      this.options.logger.error({ err: error, request_id: record.request_id }, 'audit write failed');
      throw new AppError(
        503,
        'AUDIT_UNAVAILABLE',
        'The audit log cannot be written; the write was not sent',
        {
          retryable: true,
          cause: error,
        },
      );
    });
  }

  async close(): Promise<void> {
    await this.batches.idle();
    await this.handle?.close();
    this.handle = null;
  }

  /** One batch: stamped with the time it is written, one write of all its lines, one fdatasync. */
  private async write(partials: readonly Omit<AuditRecord, 'time'>[]): Promise<AuditRecord[]> {
    const now = this.options.now();
    const time = new Date(now).toISOString();
    const records = partials.map((partial): AuditRecord => ({ time, ...partial }));
    let text = '';
    for (const record of records) text += `${JSON.stringify(record)}\n`;
    try {
      const handle = await this.handleFor(utcDay(now));
      await handle.write(text);
      await handle.datasync();
    } catch (error) {
      // Reopen on the next append: the handle may be the reason.
      await this.handle?.close().catch(() => undefined);
      this.handle = null;
      throw error;
    }
    for (const record of records) this.options.logger.info(record, 'audit');
    return records;
  }

  private async handleFor(day: string): Promise<FileHandle> {
    if (!this.handle) {
      await mkdir(dirname(this.options.file), { recursive: true });
      this.currentDay = await this.dayOfExistingFile();
      this.handle = await open(this.options.file, 'a');
    }
    if (this.currentDay !== null && this.currentDay !== day) await this.rotate(day);
    this.currentDay = day;
    return this.handle as FileHandle;
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
    this.handle = await open(this.options.file, 'a');
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
