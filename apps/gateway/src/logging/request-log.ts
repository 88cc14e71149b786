import type { App, Logger } from '@app/kit';

/**
 * The `mcp.request` log: one JSON line per request, written when the response
 * has been sent (Fastify's own request lines are off). Secrets never get
 * here: no headers other than the user agent are logged.
 */
export function registerRequestLog(app: App, requestLogger: Logger): void {
  app.addHook('onResponse', (request, reply, done) => {
    const config = request.routeOptions.config;
    requestLogger.info(
      {
        request_id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
        status_code: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 1000) / 1000,
        actor: request.gatewayCaller?.actor ?? null,
        bot_tag: request.gatewayCaller?.botTag ?? null,
        exchange: request.toolCall?.exchange ?? config?.exchange ?? null,
        tool: request.toolCall?.tool ?? config?.tool ?? null,
        client_ip: request.ip,
        user_agent: request.headers['user-agent'] ?? null,
      },
      'request',
    );
    done();
  });
}
