import { type App, AppError } from '@app/kit';
import { ErrorEnvelopeRef } from '../tools/tool-schemas.js';
import { AuditPageSchema, AuditQuerySchema } from './audit.schema.js';
import { queryAudit } from './audit-query.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /admin/audit`: registered inside the bearer-only context. */
export function auditRoutes(auditFile: string) {
  return async (app: App) => {
    app.get(
      '/admin/audit',
      {
        schema: {
          tags: ['admin'],
          operationId: 'admin.audit',
          summary: 'Query the audit trail of write attempts, newest first',
          description:
            'Only the records of the caller’s own environment: the testnet token reads the writes made in the ' +
            'test environment, the mainnet token those made live; filters (actor included) apply within them. ' +
            'An unknown query parameter is refused with 422.',
          security: [{ bearerAuth: [] }],
          querystring: AuditQuerySchema,
          response: {
            200: AuditPageSchema,
            '4xx': ErrorEnvelopeRef,
          },
        },
      },
      async (request) => {
        const caller = request.gatewayCaller;
        if (!caller) throw new AppError(500, 'INTERNAL_ERROR', 'Audit route reached without a caller');
        const { from, to, limit, ...rest } = request.query;
        const page = await queryAudit(auditFile, {
          ...rest,
          environment: caller.environment,
          limit,
          from: from && DATE_ONLY.test(from) ? `${from}T00:00:00.000Z` : from,
          to: to && DATE_ONLY.test(to) ? `${to}T23:59:59.999Z` : to,
        });
        return { ...page, count: page.records.length, limit };
      },
    );
  };
}
