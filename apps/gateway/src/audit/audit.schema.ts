import { Type } from '@sinclair/typebox';
import { ActorSchema } from '../frame/caller.js';

export const AUDIT_LIMIT_DEFAULT = 1000;
export const AUDIT_LIMIT_MAX = 10_000;

export const AuditQuerySchema = Type.Object(
  {
    from: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })], {
        description: 'Records at or after this ISO 8601 time; a date means 00:00:00 UTC of that day',
      }),
    ),
    to: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.String({ format: 'date' })], {
        description: 'Records at or before this ISO 8601 time; a date means the whole day (23:59:59.999 UTC)',
      }),
    ),
    actor: Type.Optional(ActorSchema),
    exchange: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 128, description: 'The tool name' })),
    bot_tag: Type.Optional(Type.String({ maxLength: 64 })),
    limit: Type.Integer({ minimum: 1, maximum: AUDIT_LIMIT_MAX, default: AUDIT_LIMIT_DEFAULT }),
  },
  { additionalProperties: false },
);

export const AuditRecordSchema = Type.Object(
  {
    time: Type.String({ format: 'date-time' }),
    event: Type.Union([Type.Literal('attempt'), Type.Literal('result')]),
    request_id: Type.String({ description: 'The gateway’s id of the request (X-Request-Id of its answer)' }),
    // Optional: records written before it was recorded lack it.
    client_request_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'The X-Request-Id the caller sent, if any' }),
    ),
    actor: Type.String(),
    bot_tag: Type.String(),
    exchange: Type.Union([Type.String(), Type.Null()]),
    namespace: Type.String(),
    action: Type.String(),
    environment: Type.String(),
    params: Type.Unknown(),
    outcome: Type.Union([
      Type.Literal('pending'),
      Type.Literal('ok'),
      Type.Literal('replayed'),
      Type.Literal('refused'),
      Type.Literal('failed'),
      Type.Literal('unknown'),
      Type.Literal('dry_run'),
    ]),
    // Optional: records written before the write pipeline lack them.
    idempotency_key: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The Idempotency-Key the caller sent, if any',
      }),
    ),
    client_order_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The id the write carried to the venue (Deribit label, Hyperliquid cloid, IBKR cOID)',
      }),
    ),
    reconciled: Type.Optional(
      Type.Boolean({
        description: 'The answer was lost; the outcome comes from the lookup by client order id',
      }),
    ),
    upstream_ids: Type.Array(Type.String()),
    error: Type.Union([
      Type.Object({ code: Type.String(), message: Type.String(), status: Type.Integer() }),
      Type.Null(),
    ]),
    risk: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'A pre-trade risk decision: the check (`risk_check`), the bots rule, the limit and the figure it met; on halts and resumes their scope and reason',
      }),
    ),
  },
  { additionalProperties: true },
);

export const AuditPageSchema = Type.Object({
  records: Type.Array(AuditRecordSchema),
  count: Type.Integer(),
  limit: Type.Integer(),
  has_more: Type.Boolean(),
});
