import { type App, createApp, type Logger, registerMetrics } from '@app/kit';
import { ibkrRotationRoutes } from './admin/ibkr-rotation.routes.js';
import { riskRoutes } from './admin/risk.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { AuditLog } from './audit/audit-log.js';
import { type GatewayConfig, maxLeverageFor } from './config.js';
import { authenticate } from './frame/bearer-auth.js';
import { botTagOf } from './frame/bot-tag.js';
import type { Actor } from './frame/caller.js';
import { clientErrorResponder } from './frame/client-error.js';
import { errorEnvelope } from './frame/error-envelope.js';
import { lazyRequestLoggers } from './frame/lazy-request-logger.js';
import { requestLogStarter } from './frame/request-log.js';
import { tokenMatcher } from './frame/token-match.js';
import { healthRoutes } from './health/health.routes.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { namespaceRoutes } from './tools/http-transport.js';
import type { InvokeDeps } from './tools/invoke.js';
import { STREAM_MIN_ITEMS } from './tools/streamed-body.js';
import type { AnyNamespace } from './tools/tool.js';
import { ToolRegistry } from './tools/tool-registry.js';
import { ErrorEnvelopeSchema } from './tools/tool-schemas.js';
import { type ExposureViews, openExposureViews } from './trading/exposure-view.js';
import { type OpenedKeys, openIdempotencyKeys } from './trading/open-idempotency-keys.js';
import { openRiskStore } from './trading/risk/open-risk-store.js';
import { PreTradeRisk } from './trading/risk/pre-trade-risk.js';
import { loadRiskLimits } from './trading/risk/risk-limits.js';
import type { Upstreams } from './upstream/upstream-profile.js';

export const GATEWAY_VERSION = '2.0.0';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Upstream clients (and simulators in the sim profile); the app closes them when it closes. */
  upstreams: Upstreams;
  namespaces: readonly AnyNamespace[];
  /** Clock of the audit trail, tool contexts and idempotency keys; tests inject one to cross a rotation. */
  now?: () => number;
  /**
   * Redis key prefix of the idempotency keys when they live in Redis, and of the exposure store's keys or
   * PostgreSQL account names (tests give each run its own).
   */
  redisPrefix?: string;
  /**
   * The leverage cap's account views; opened from config (their reservations in PostgreSQL, Redis or memory)
   * unless a test holds them to reset between tests. The app closes them when it closes.
   */
  exposure?: ExposureViews;
}

/**
 * The market tool gateway as a Fastify app; main.ts listens, tests call this
 * directly. Encapsulation draws the auth boundaries: health and docs at the
 * root (public); a bearer-token context holding `/admin` and the MCP
 * endpoints; beside it the `/mcp*` namespaces' tool routes, which also require
 * X-Bot-Tag.
 */
export async function buildApp({
  config,
  logger,
  upstreams,
  namespaces,
  now = Date.now,
  redisPrefix,
  exposure,
}: GatewayDeps): Promise<App> {
  const frame = {
    registry: upstreams.registry,
    profile: upstreams.profile,
    maxLeverage: (venue: string) => maxLeverageFor(config, venue),
    now,
  };
  let tools: ToolRegistry;
  let keys: OpenedKeys;
  let views: ExposureViews;
  let risk: PreTradeRisk;
  try {
    tools = new ToolRegistry(namespaces, frame);
    const limits = loadRiskLimits(config.RISK_LIMITS_FILE);
    keys = await openIdempotencyKeys({ config, now, logger, redisPrefix });
    views = exposure ?? (await openExposureViews({ config, logger, now, prefix: redisPrefix }));
    risk = new PreTradeRisk(limits, await openRiskStore(config, redisPrefix), now, config.TOOL_DEADLINE_MS);
  } catch (error) {
    // The app owns the upstreams from here on: a failed build must not leave simulators running.
    await upstreams.close();
    throw error;
  }
  // The request log's fields are fixed and hold no secrets (no headers but the user agent and the caller's
  // X-Request-Id), so it skips the wildcard redaction pass, the largest per-request cost of logging.
  const requestLogger = logger.child({ name: 'mcp.request' }, { redact: [] });
  const app = await createApp({
    logger,
    disableRequestLogging: true,
    // The gateway's ids are its own; a caller's X-Request-Id is logged beside them (client_request_id).
    adoptRequestId: false,
    rejectUnknownQuery: true,
    onRequestStart: requestLogStarter(requestLogger),
    clientErrorHandler: clientErrorResponder(requestLogger),
    renderError: (error, request) => errorEnvelope(error, request.id),
    openapi: {
      title: 'Market tool gateway',
      version: GATEWAY_VERSION,
      description:
        // The docs page renders this as Markdown with HTML on: a bare <namespace> would be taken as a tag and vanish.
        'Tools are called as `POST /<namespace>/tools/<tool>` with a JSON body, a bearer token (the testnet token ' +
        'routes to upstream test environments, the mainnet token to live ones) and an X-Bot-Tag header. ' +
        `An answer with a list of more than ${STREAM_MIN_ITEMS} items (a long get_historical) is streamed: chunked, ` +
        'no Content-Length, its lists after its other fields. Every answer carries X-Request-Id, an id the ' +
        'gateway makes (also the request_id of an error and of the request log and audit trail); a client’s own ' +
        'X-Request-Id is recorded beside it as client_request_id.',
      jsonPath: '/openapi.json',
      docsPath: '/apidocs',
      // Relative: the gateway is reached under whatever host and port it is deployed at.
      servers: [{ url: '/', description: 'The gateway serving this document' }],
      tags: [
        { name: 'health', description: 'Liveness and readiness (public)' },
        { name: 'admin', description: 'Operator endpoints (bearer token, no bot tag)' },
        ...namespaces.map((namespace) => ({ name: namespace.name, description: namespace.description })),
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'TESTNET_TOKEN or MAINNET_TOKEN' },
          botTag: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Bot-Tag',
            description: '1–64 printable characters (Unicode, sent as UTF-8; no control characters)',
          },
        },
      },
    },
  });

  const audit = new AuditLog({
    file: config.AUDIT_LOG_FILE,
    backupDays: config.AUDIT_LOG_BACKUP_DAYS,
    now,
    logger: logger.child({ name: 'mcp.audit' }),
  });
  app.addHook('onClose', async () => {
    await audit.close();
    await keys.close();
    await views.close();
    await risk.store.close();
    await upstreams.close();
  });

  upstreams.metrics?.watchHalts(() => risk.store.halts());
  // First, so every route added below gets its request series.
  if (upstreams.metrics) {
    registerMetrics(app, {
      registry: upstreams.metrics.registry,
      requests: upstreams.metrics.requests,
      path: '/metrics',
      token: config.METRICS_TOKEN,
      realm: 'market-gateway',
    });
  }
  // request.log is made on first use: the request log is its own logger, so most calls never write through it.
  app.setChildLoggerFactory(lazyRequestLoggers);
  app.addSchema(ErrorEnvelopeSchema);
  app.decorateRequest('gatewayCaller', null);
  app.decorateRequest('toolCall', null);

  await app.register(
    healthRoutes({
      version: GATEWAY_VERSION,
      profile: upstreams.profile,
      registry: upstreams.registry,
      failOnDegraded: config.READY_FAILS_ON_DEGRADED,
      halts: () => risk.store.halts(),
    }),
  );

  const matchToken = tokenMatcher<Actor>({ testnet: config.TESTNET_TOKEN, mainnet: config.MAINNET_TOKEN });
  const deps: InvokeDeps = {
    ...frame,
    audit,
    auditLogger: logger.child({ name: 'mcp.audit' }),
    keys: keys.keys,
    exposure: views,
    risk,
    deadlineMs: config.TOOL_DEADLINE_MS,
    writeMetrics: upstreams.metrics,
  };
  await app.register(async (authenticated) => {
    // Synchronous hooks (a throw goes to the error handler): nothing here waits.
    authenticated.addHook('onRequest', (request, _reply, done) => {
      request.gatewayCaller = authenticate(request, matchToken);
      done();
    });
    await authenticated.register(auditRoutes(config.AUDIT_LOG_FILE));
    await authenticated.register(
      riskRoutes({ risk, audit, tools, invoke: deps, settleMs: config.TOOL_DEADLINE_MS }),
    );
    await authenticated.register(
      ibkrRotationRoutes({
        registry: upstreams.registry,
        audit,
        dataDir: config.DATA_DIR,
        credentialFiles: config.upstreamVariables,
      }),
    );
    // Here, not in the tagged context: the MCP endpoints answer a missing X-Bot-Tag as a JSON-RPC error.
    await authenticated.register(
      mcpRoutes({
        tools,
        invoke: deps,
        version: GATEWAY_VERSION,
        allowedOrigins: config.MCP_ALLOWED_ORIGINS,
        fastPath: config.MCP_FAST_PATH,
      }),
    );
  });
  // The namespaces' tool routes: bearer token and X-Bot-Tag in one hook, the one a polled tool call runs.
  await app.register(async (tagged) => {
    tagged.addHook('onRequest', (request, _reply, done) => {
      const caller = authenticate(request, matchToken);
      request.gatewayCaller = caller;
      caller.botTag = botTagOf(request);
      done();
    });
    for (const namespace of tools.namespaces) {
      await tagged.register(namespaceRoutes(namespace.name, tools, deps), { prefix: `/${namespace.name}` });
    }
  });
  return app;
}
