import type { App, Logger } from '@app/kit';

/**
 * The `mcp.request` log: one JSON line per request, written when the response
 * has been sent (Fastify's own request lines are off). Secrets never get
 * here: no headers other than the user agent are logged.
 */
export function registerRequestLog(app: App, requestLogger: Logger): void {
  app.addHook('onResponse', (request, reply, done) => {
    // routeOptions builds a fresh dozen-field object on every read, so the route's config is read only when
    // the handler did not record the call (refused before it: auth, bot tag, validation).
    const call = request.toolCall;
    const caller = request.gatewayCaller;
    const { url } = request;
    const query = url.indexOf('?');
    const config = call?.exchange != null ? undefined : request.routeOptions.config;
    requestLogger.info(
      {
        request_id: request.id,
        method: request.method,
        path: query === -1 ? url : url.slice(0, query),
        status_code: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 1000) / 1000,
        actor: caller?.actor ?? null,
        bot_tag: caller?.botTag ?? null,
        exchange: call?.exchange ?? config?.exchange ?? null,
        tool: call?.tool ?? config?.tool ?? null,
        client_ip: request.ip,
        user_agent: request.headers['user-agent'] ?? null,
      },
      'request',
    );
    done();
  });
}
