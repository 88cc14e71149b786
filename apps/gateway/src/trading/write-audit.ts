import type { Logger } from '@app/kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuditRecord } from '../audit/audit-record.js';

type Common = Omit<AuditRecord, 'time' | 'event' | 'outcome' | 'upstream_ids' | 'error' | 'reconciled'>;
export type ResultFields = Pick<AuditRecord, 'outcome' | 'upstream_ids' | 'error' | 'reconciled'>;

/**
 * The two audit records of one write. The `attempt` is made durable before anything else happens (idempotency
 * store, risk checks, the venue); if it cannot be written, the write stops there (503 AUDIT_UNAVAILABLE). The
 * `result` follows with the outcome; if it cannot be written the answer still goes out (the order may have been
 * sent, and hiding that would make the bot send it again): the attempt record and an error log line remain.
 */
export class WriteTrail {
  constructor(
    private readonly audit: AuditLog,
    private readonly logger: Logger,
    private readonly common: Common,
  ) {}

  async attempt(): Promise<void> {
    await this.audit.append({
      ...this.common,
      event: 'attempt',
      outcome: 'pending',
      upstream_ids: [],
      error: null,
    });
  }

  async result(fields: ResultFields): Promise<void> {
    await this.audit.append({ ...this.common, event: 'result', ...fields }).catch((error: unknown) => {
      this.logger.error({ err: error, request_id: this.common.request_id }, 'audit result record lost');
    });
  }
}
