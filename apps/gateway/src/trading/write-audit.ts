import type { AppError, Logger } from '@app/kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { AuditRecord } from '../audit/audit-record.js';

type Common = Omit<
  AuditRecord,
  'time' | 'event' | 'outcome' | 'upstream_ids' | 'error' | 'reconciled' | 'resent' | 'risk'
>;
export type ResultFields = Pick<
  AuditRecord,
  'outcome' | 'upstream_ids' | 'error' | 'reconciled' | 'resent' | 'risk'
>;

/**
 * The two audit records of one write. The `attempt` is made durable before the risk checks and the venue (the
 * Idempotency-Key's claim runs while it is synced); if it cannot be written, the write stops there (503
 * AUDIT_UNAVAILABLE) and a claimed key is given back. The
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

/** The result record's fields for a write that ended in `error`. */
export function resultOf(error: AppError): ResultFields {
  const refused =
    error.details?.risk_check !== undefined ||
    error.code === 'IDEMPOTENCY_KEY_REUSED' ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS';
  const ids = error.details?.upstream_ids;
  return {
    outcome: refused ? 'refused' : error.code === 'WRITE_OUTCOME_UNKNOWN' ? 'unknown' : 'failed',
    upstream_ids: Array.isArray(ids) ? ids.map(String) : [],
    error: { code: error.code, message: error.message, status: error.status },
    ...(refused && error.details?.risk_check !== undefined ? { risk: error.details } : {}),
  };
}

/** Records a refusal before the key was held, and hands the error back to be thrown. */
export async function recorded(trail: WriteTrail, error: AppError): Promise<AppError> {
  await trail.result(resultOf(error));
  return error;
}
