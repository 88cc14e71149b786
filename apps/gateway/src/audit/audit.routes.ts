import type { App } from '@app/kit';
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
          security: [{ bearerAuth: [] }],
          querystring: AuditQuerySchema,
          response: {
            200: AuditPageSchema,
            '4xx': ErrorEnvelopeRef,
          },
        },
      },
      async (request) => {
        const { from, to, limit, ...rest } = request.query;
        const page = await queryAudit(auditFile, {
          ...rest,
          limit,
          from: from && DATE_ONLY.test(from) ? `${from}T00:00:00.000Z` : from,
          to: to && DATE_ONLY.test(to) ? `${to}T23:59:59.999Z` : to,
        });
        return { ...page, count: page.records.length, limit };
      },
    );
  };
}
