import { infoLineWriter, type Logger } from '@app/kit';
import { type Static, Type } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ActorSchema } from './caller.js';
import { clientRequestIdOf } from './client-request-id.js';

/**
 * Status logged for a request whose client went away before the whole answer was sent (nginx's
 * "client closed request"): it timed out or gave up waiting, or dropped a streamed answer half way.
 */
export const CLIENT_CLOSED_REQUEST = 499;

const text = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** One `mcp.request` line: every field on every line, null when not known (the line's one definition). */
const RequestLogLineSchema = Type.Object({
  request_id: Type.String({
    description: "The gateway's own id (X-Request-Id of the answer, the envelope's request_id)",
  }),
  client_request_id: text('The caller’s X-Request-Id, when it sent a usable one'),
  method: text('HTTP method'),
  path: text('The path, without the query'),
  status_code: Type.Integer(),
  duration_ms: Type.Union([Type.Number(), Type.Null()]),
  actor: Type.Union([ActorSchema, Type.Null()]),
  bot_tag: text('X-Bot-Tag as sent'),
  exchange: text('The venue the call went to'),
  tool: text('The tool called'),
  client_ip: text('The client’s address'),
  user_agent: text('User-Agent'),
});

export type RequestLogLine = Static<typeof RequestLogLineSchema>;

/** The line's fields as JSON, compiled from its schema: escapes what a client sent, in the schema's order. */
export const serializeLine = fastJsonStringify(RequestLogLineSchema) as (line: RequestLogLine) => string;

function writeLine(
  write: (line: RequestLogLine) => void,
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
  const write = infoLineWriter(requestLogger, 'request', serializeLine);
  return (request, reply) => {
    const clientIp = request.ip;
    // `on`, not `once`: 'close' comes once, and a listener left on a finished response costs nothing, while
    // `once` wraps every request's listener and removes it again.
    reply.raw.on('close', () => writeLine(write, request, reply, clientIp));
  };
}
