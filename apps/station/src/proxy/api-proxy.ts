import type { IncomingHttpHeaders } from 'node:http';
import { type App, AppError } from '@app/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Agent, errors, request } from 'undici';

export interface ApiProxyOptions {
  /** Base URL of the measurement service, e.g. http://127.0.0.1:8000 (paths keep their /api prefix). */
  upstream: string;
  /** Longest wait for the upstream's headers, and between body chunks. */
  timeoutMs: number;
}

/** Headers that describe one connection, not the message: never forwarded (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export function forwardableHeaders(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || named.includes(lower)) continue;
    out[lower] = value;
  }
  return out;
}

/**
 * `/api/*` is passed to the measurement service as a stream in both directions (uploads and PDF reports
 * are not buffered here). No answer within the timeout is a 504, no connection a 502; both carry
 * `{detail}` like the service's own errors, and the client's queue treats them as retryable.
 */
export async function apiProxy(app: App, options: ApiProxyOptions): Promise<void> {
  const base = new URL(options.upstream);
  const agent = new Agent({
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: Math.min(options.timeoutMs, 10_000),
  });
  app.addHook('onClose', async () => agent.close());

  // Bodies stay unread streams: the upstream validates and limits them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const target = new URL(req.url, base);
    const headers = forwardableHeaders(req.headers);
    headers['x-request-id'] = req.id;
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.ip].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    // Only a request that declares a body gets one: an empty DELETE must not turn into a chunked upload.
    const declared =
      Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && declared;
    let upstream: Awaited<ReturnType<typeof request>>;
    try {
      upstream = await request(target, {
        method: req.method as 'GET',
        headers,
        body: hasBody ? req.raw : undefined,
        dispatcher: agent,
      });
    } catch (error) {
      throw upstreamFailure(error);
    }
    const responseHeaders = forwardableHeaders(upstream.headers);
    delete responseHeaders['x-request-id'];
    reply.status(upstream.statusCode).headers(responseHeaders);
    return reply.send(upstream.body);
  };
  app.all('/api', { schema: { hide: true } }, handler);
  app.all('/api/*', { schema: { hide: true } }, handler);
}

function upstreamFailure(error: unknown): AppError {
  const timedOut =
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError;
  return timedOut
    ? new AppError(504, 'UPSTREAM_TIMEOUT', 'The measurement service did not answer in time', {
        retryable: true,
        cause: error,
      })
    : new AppError(502, 'UPSTREAM_UNREACHABLE', 'The measurement service is unreachable', {
        retryable: true,
        cause: error,
      });
}
