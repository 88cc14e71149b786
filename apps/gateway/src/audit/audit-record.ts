import type { Actor } from '../frame/caller.js';
import type { Environment } from '../upstream/upstream-types.js';

/**
 * One line of the audit file. A write produces two: `attempt` before the
 * handler runs (so a crash mid-order still leaves a trace) and `result`
 * after, with the outcome.
 */
export interface AuditRecord {
  /** ISO 8601 UTC. */
  time: string;
  event: 'attempt' | 'result';
  request_id: string;
  /** The caller's own X-Request-Id, when it sent a usable one (frame/client-request-id.ts). */
  client_request_id: string | null;
  actor: Actor;
  bot_tag: string;
  exchange: string | null;
  namespace: string;
  /** The tool. */
  action: string;
  environment: Environment;
  /** The tool input with secrets redacted. */
  params: unknown;
  /**
   * `pending` on attempts. On results: `ok`; `replayed` (a repeat under an Idempotency-Key got the stored
   * answer, nothing was sent); `refused` (a gateway check said no: leverage cap, key reused or in progress;
   * nothing was sent); `failed` (the upstream said no, or the request never left); `unknown` (sent, the answer
   * was lost and the lookup by client order id found nothing or could not ask: the order may exist);
   * `dry_run` (a dry-run bot's write: checked, answered with the request, nothing sent).
   */
  outcome: 'pending' | 'ok' | 'replayed' | 'refused' | 'failed' | 'unknown' | 'dry_run';
  /** The caller's Idempotency-Key, null when it sent none. */
  idempotency_key: string | null;
  /** The id the write carries to the venue (Deribit label, Hyperliquid cloid, IBKR cOID). */
  client_order_id: string | null;
  /** On results: true when the answer was lost and the outcome comes from the lookup by client order id. */
  reconciled?: boolean;
  /** On results: true when a repeat sent the write again (its first send never reached the venue). */
  resent?: boolean;
  upstream_ids: string[];
  error: { code: string; message: string; status: number } | null;
  /** On a pre-trade risk refusal: the check, the limit, its value and the order's figure (risk-errors.ts). */
  risk?: Record<string, unknown>;
}

const SECRET_KEY = /secret|password|passphrase|token|private_?key|api_?key|signature|authorization|cookie/i;

/** A copy of a tool input with every secret-looking field replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '[redacted]' : redactSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}
