import { type App, AppError } from '@app/kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { InvokeDeps } from '../tools/invoke.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { ErrorEnvelopeRef } from '../tools/tool-schemas.js';
import type { PreTradeRisk } from '../trading/risk/pre-trade-risk.js';
import { cancelScope } from './halt-cancels.js';
import { HaltAnswer, HaltBody, ResumeAnswer, ResumeBody, RiskAnswer, RiskQuery } from './risk.schema.js';

/**
 * The kill switch and the limits' read-out (docs/architecture.md, "Risk"), inside the bearer-only context: the
 * token's environment is the one read, halted or resumed. Each halt and resume is an audit record.
 */
export function riskRoutes(options: {
  risk: PreTradeRisk;
  audit: AuditLog;
  tools: ToolRegistry;
  invoke: InvokeDeps;
  /** How long a halt waits for this instance's orders already leaving before it cancels (TOOL_DEADLINE_MS). */
  settleMs: number;
}) {
  const { risk, audit } = options;
  return async (app: App) => {
    app.get(
      '/admin/risk',
      {
        schema: {
          tags: ['admin'],
          operationId: 'admin.risk',
          summary: 'The pre-trade limits of this environment, its halts, and one bot’s limits and use',
          description:
            'The limits file’s defaults and bot rules for the token’s environment, every halt in force, and with `bot_tag` that bot’s effective limits (which rule set them), its halt, whether it is a dry run and its orders in the last 60 s.',
          security: [{ bearerAuth: [] }],
          querystring: RiskQuery,
          response: { 200: RiskAnswer, '4xx': ErrorEnvelopeRef },
        },
      },
      async (request) => {
        const { environment } = callerOf(request);
        const botTag = (request.query as { bot_tag?: string }).bot_tag;
        const halts = (await risk.store.halts()).filter((halt) => halt.environment === environment);
        return {
          environment,
          ...risk.limits.describe(environment),
          halts,
          ...(botTag === undefined ? {} : { bot: await risk.status(environment, botTag) }),
        };
      },
    );

    app.post(
      '/admin/risk/halt',
      {
        schema: {
          tags: ['admin'],
          operationId: 'admin.riskHalt',
          summary:
            'Halt the token’s environment or one bot: every new order write is refused with 403 TRADING_HALTED',
          description:
            'The halt is stored (Redis, PostgreSQL, or DATA_DIR/risk.sqlite alone) before the answer, so it holds for every instance sharing the store and across restarts. Orders this instance had already sent finish and are reconciled; none is sent after the answer. Reads, cancels and closes go on. With `cancel_open_orders` the scope’s open orders are cancelled on every venue, found by the client order ids the gateway issued to it (another bot’s orders are left alone); the answer lists what was cancelled and what could not be.',
          security: [{ bearerAuth: [] }],
          body: HaltBody,
          response: { 200: HaltAnswer, '4xx': ErrorEnvelopeRef },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const body = request.body as { bot_tag?: string; reason: string; cancel_open_orders?: boolean };
        const halt = {
          environment: caller.environment,
          bot_tag: body.bot_tag ?? null,
          reason: body.reason,
          since: new Date(options.invoke.now()).toISOString(),
          by: 'operator' as const,
        };
        await risk.store.halt(halt);
        await record(audit, request.id, caller, 'risk_halt', halt.bot_tag, {
          risk_check: 'halt',
          scope: halt.bot_tag ?? 'environment',
          reason: halt.reason,
          cancel_open_orders: body.cancel_open_orders === true,
        });
        if (!body.cancel_open_orders) return { halt };
        // Orders already leaving this instance land first, so their cancels find them (each cancel is audited).
        await risk.settled(caller.environment, halt.bot_tag, options.settleMs);
        const cancels = await cancelScope({
          tools: options.tools,
          deps: options.invoke,
          store: risk.store,
          environment: caller.environment,
          botTag: halt.bot_tag,
          actor: caller.actor,
          requestId: request.id,
          log: request.log,
        });
        return { halt, ...cancels };
      },
    );

    app.post(
      '/admin/risk/resume',
      {
        schema: {
          tags: ['admin'],
          operationId: 'admin.riskResume',
          summary: 'Lift the halt on the token’s environment or on one bot',
          description:
            'Lifts exactly the named scope: resuming a bot leaves an environment halt in force, and the reverse. `resumed` false when that scope was not halted.',
          security: [{ bearerAuth: [] }],
          body: ResumeBody,
          response: { 200: ResumeAnswer, '4xx': ErrorEnvelopeRef },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const body = request.body as { bot_tag?: string; reason: string };
        const botTag = body.bot_tag ?? null;
        const resumed = await risk.store.resume(caller.environment, botTag);
        await record(audit, request.id, caller, 'risk_resume', botTag, {
          risk_check: 'halt',
          scope: botTag ?? 'environment',
          reason: body.reason,
          resumed,
        });
        return { environment: caller.environment, bot_tag: botTag, resumed };
      },
    );
  };
}

type Caller = NonNullable<import('fastify').FastifyRequest['gatewayCaller']>;

function callerOf(request: import('fastify').FastifyRequest): Caller {
  const caller = request.gatewayCaller;
  if (!caller) throw new AppError(500, 'INTERNAL_ERROR', 'Risk route reached without a caller');
  return caller;
}

/** The operator's decision in the audit trail, beside the writes it affects. */
function record(
  audit: AuditLog,
  requestId: string,
  caller: Caller,
  action: string,
  botTag: string | null,
  risk: Record<string, unknown>,
) {
  return audit.append({
    event: 'result',
    request_id: requestId,
    client_request_id: null,
    actor: caller.actor,
    bot_tag: botTag ?? '*',
    exchange: null,
    namespace: 'admin',
    action,
    environment: caller.environment,
    params: { bot_tag: botTag, reason: risk.reason },
    outcome: 'ok',
    idempotency_key: null,
    client_order_id: null,
    upstream_ids: [],
    error: null,
    risk,
  });
}
