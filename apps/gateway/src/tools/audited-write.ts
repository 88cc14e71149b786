import { type Logger, toAppError } from '@app/kit';
import type { AuditLog } from '../audit/audit-log.js';
import { type AuditRecord, redactSecrets } from '../audit/audit-record.js';
import type { CallContext } from './call-context.js';
import type { AnyTool, ToolResult } from './tool.js';

export interface AuditedWriteDeps {
  audit: AuditLog;
  auditLogger: Logger;
}

/**
 * Runs a write tool between two audit records. The `attempt` record is made
 * durable before the handler runs, so before any risk check or upstream call;
 * if it cannot be written the handler never runs (503 AUDIT_UNAVAILABLE). The
 * `result` record follows with the outcome. If that second write fails the
 * answer still goes out: the order has been sent, and hiding that would make
 * the bot retry it; the attempt record and an error log line remain.
 */
export async function runAuditedWrite(
  tool: AnyTool,
  input: unknown,
  context: CallContext<unknown>,
  meta: { namespace: string; exchange: string | null },
  { audit, auditLogger }: AuditedWriteDeps,
): Promise<ToolResult<unknown>> {
  const base: Omit<AuditRecord, 'time' | 'event' | 'outcome' | 'upstream_ids' | 'error'> = {
    request_id: context.requestId,
    client_request_id: context.clientRequestId,
    actor: context.actor,
    bot_tag: context.botTag,
    exchange: meta.exchange,
    namespace: meta.namespace,
    action: tool.name,
    environment: context.environment,
    params: redactSecrets(input),
  };
  await audit.append({ ...base, event: 'attempt', outcome: 'pending', upstream_ids: [], error: null });

  const recordResult = (result: Pick<AuditRecord, 'outcome' | 'upstream_ids' | 'error'>) =>
    audit.append({ ...base, event: 'result', ...result }).catch((error: unknown) => {
      auditLogger.error({ err: error, request_id: context.requestId }, 'audit result record lost');
    });

  let result: ToolResult<unknown>;
  try {
    result = await tool.handler(input, context);
  } catch (error) {
    const appError = toAppError(error);
    const ids = appError.details?.upstream_ids;
    await recordResult({
      outcome: appError.details?.risk_check
        ? 'refused'
        : appError.details?.outcome_unknown
          ? 'unknown'
          : 'failed',
      upstream_ids: Array.isArray(ids) ? ids.map(String) : [],
      error: { code: appError.code, message: appError.message, status: appError.status },
    });
    throw error;
  }
  await recordResult({ outcome: 'ok', upstream_ids: result.upstreamIds ?? [], error: null });
  return result;
}
