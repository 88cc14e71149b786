import { AppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { CallerInfo } from '../tools/call-context.js';
import { callerInfoOf } from '../tools/caller-info.js';
import type { RegisteredTool } from '../tools/tool-registry.js';
import { idempotencyKeyOf } from '../trading/idempotency-key.js';

/** The `_meta` field of tools/call that carries an Idempotency-Key, for clients that cannot set a header per call. */
export const IDEMPOTENCY_META = 'idempotency_key';

/**
 * The CallerInfo of an MCP tools/call, as the HTTP route builds it; a write's Idempotency-Key comes from the
 * HTTP header or from `_meta.idempotency_key` (checked alike; both at once must agree, else it is unclear
 * which write the caller meant).
 */
export function callerOf(
  request: FastifyRequest,
  entry: RegisteredTool,
  meta: Record<string, unknown> | undefined,
): CallerInfo {
  return callerInfoOf(request, entry.tool.kind === 'write' ? idempotencyKey(request, meta) : undefined);
}

function idempotencyKey(
  request: FastifyRequest,
  meta: Record<string, unknown> | undefined,
): string | undefined {
  const header = idempotencyKeyOf(request.headers['idempotency-key']);
  const value = meta?.[IDEMPOTENCY_META];
  if (value === undefined) return header;
  if (typeof value !== 'string')
    throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', '_meta.idempotency_key must be a string');
  const fromMeta = idempotencyKeyOf(value);
  if (header !== undefined && header !== fromMeta)
    throw new AppError(
      400,
      'IDEMPOTENCY_KEY_INVALID',
      'Idempotency-Key header and _meta.idempotency_key differ',
    );
  return fromMeta;
}
