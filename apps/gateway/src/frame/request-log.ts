import { infoLineWriter, type LineFields, type Logger } from '@app/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from './caller.js';
import { clientRequestIdOf } from './client-request-id.js';

/**
 * Status logged for a request whose client went away before the whole answer was sent (nginx's
 * "client closed request"): it timed out or gave up waiting, or dropped a streamed answer half way.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** One `mcp.request` line: every field on every line, null when not known. */
// A type, not an interface: it is written as LineFields, which an interface would not be assignable to.
export type RequestLogLine = {
  /** The gateway's own id (X-Request-Id of the answer, the envelope's request_id). */
  request_id: string;
  /** The caller's X-Request-Id, when it sent a usable one. */
  client_request_id: string | null;
  method: string | null;
  path: string | null;
  status_code: number;
  duration_ms: number | null;
  actor: Actor | null;
  bot_tag: string | null;
  exchange: string | null;
  tool: string | null;
  client_ip: string | null;
  user_agent: string | null;
};

function writeLine(
  write: (line: LineFields) => void,
  request: FastifyRequest,
  reply: FastifyReply,
  clientIp: string,
): void {
  // routeOptions builds a fresh dozen-field object on every read, so the route's config is read only when
  // the handler did not record the call (refused before it: auth, bot tag, validation).
  const call = request.toolCall;
  const caller = request.gatewayCaller;
  const { url } = request;
  const query = url.indexOf('?');
  const config = call?.exchange != null ? undefined : request.routeOptions.config;
  const line: RequestLogLine = {
    request_id: request.id,
    client_request_id: clientRequestIdOf(request.headers),
    method: request.method,
    path: query === -1 ? url : url.slice(0, query),
    status_code: reply.raw.writableFinished ? reply.statusCode : CLIENT_CLOSED_REQUEST,
    duration_ms: Math.round(reply.elapsedTime * 1000) / 1000,
    actor: caller?.actor ?? null,
    bot_tag: caller?.botTag ?? null,
    exchange: call?.exchange ?? config?.exchange ?? null,
    tool: call?.tool ?? config?.tool ?? null,
    client_ip: clientIp,
    user_agent: request.headers['user-agent'] ?? null,
  };
  write(line);
}

/**
 * The `mcp.request` log: one JSON line per request, written when the response is done (Fastify's own
 * request lines are off). Secrets never get here: no headers other than the user agent and the caller's
 * request id are logged.
 *
 * Written on the response's 'close', which comes exactly once: after the last byte, or when the client
 * went away first. Fastify's onResponse hook runs only in the first case, so a bot that timed out, or
 * dropped a streamed history half way, would leave no line at all. The client's address is read at the
 * start: once its socket is gone, Node no longer knows it. Started by the app's first hook (createApp's
 * `onRequestStart`), so every request has its line, also one refused there.
 */
export function requestLogStarter(
  requestLogger: Logger,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const write = infoLineWriter(requestLogger, 'request');
  return (request, reply) => {
    const clientIp = request.ip;
    reply.raw.once('close', () => writeLine(write, request, reply, clientIp));
  };
}
