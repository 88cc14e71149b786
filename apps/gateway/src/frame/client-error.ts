import { maxHeaderSize, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type Logger, newRequestId } from '@app/kit';
import type { ConnectionError } from 'fastify';
import { errorEnvelope } from './error-envelope.js';
import { CLIENT_CLOSED_REQUEST, type RequestLogLine } from './request-log.js';

/** What Node's HTTP parser reports: `reason` is llhttp's fixed text, `rawPacket` the bytes it was given. */
interface ParserError extends ConnectionError {
  reason?: unknown;
}

/** The request line the refused bytes start with, if they do: the log line's method and path. */
const REQUEST_LINE = /^([A-Z]{1,20}) ([!-~]{1,2048}) HTTP\/1\.[01]\r?\n/;

function refusalOf(error: ParserError): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new AppError(431, 'HEADERS_TOO_LARGE', `Request headers exceed ${maxHeaderSize} bytes`);
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AppError(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time', { retryable: true });
  }
  const reason = typeof error.reason === 'string' ? ` (${error.reason})` : '';
  return new AppError(400, 'MALFORMED_REQUEST', `Not a valid HTTP/1.1 request${reason}`);
}

function requestLine(error: ParserError): { method: string | null; path: string | null } {
  const raw: unknown = error.rawPacket;
  const match = Buffer.isBuffer(raw) ? REQUEST_LINE.exec(raw.toString('latin1', 0, 2100)) : null;
  return { method: match?.[1] ?? null, path: match?.[2]?.split('?')[0] ?? null };
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused (control bytes in a header,
 * Content-Length with Transfer-Encoding, a bad chunk size, headers over the size limit: 431, a request
 * too slow to arrive: 408) like any other error, with the envelope, an X-Request-Id and one request-log
 * line, and closes the connection, whose byte stream can no longer be trusted.
 *
 * - No request in flight on the connection: Fastify never saw this one. The answer is written on the
 *   socket under a fresh id and the line logged here (no duration: when it began is not known).
 * - The body of the request being answered broke: while Fastify is still reading it, the parser's error
 *   goes to that read, so the request's own error path answers with its id and logs its line. If it is
 *   not being read, or its answer has begun, that answer stands and the connection closes after it.
 * - A request pipelined behind one still being answered: its answer follows that one, in order.
 */
export function clientErrorResponder(requestLogger: Logger) {
  const refused = new WeakSet<Socket>();

  function answer(
    socket: Socket,
    refusal: AppError,
    line: Pick<RequestLogLine, 'method' | 'path' | 'client_ip'>,
  ) {
    const requestId = newRequestId();
    const written = socket.writable;
    if (written) {
      const body = JSON.stringify(errorEnvelope(refusal, requestId));
      socket.end(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${requestId}\r\n` +
          `Connection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    }
    const logged: RequestLogLine = {
      request_id: requestId,
      client_request_id: null,
      method: line.method,
      path: line.path,
      status_code: written ? refusal.status : CLIENT_CLOSED_REQUEST,
      duration_ms: null,
      actor: null,
      bot_tag: null,
      exchange: null,
      tool: null,
      client_ip: line.client_ip,
      user_agent: null,
    };
    requestLogger.info(logged, 'request');
  }

  return (error: ParserError, socket: Socket): void => {
    // A reset connection has nobody to answer, and a refused one reports every later chunk again.
    if (error.code === 'ECONNRESET' || socket.destroyed || refused.has(socket)) return;
    refused.add(socket);
    const refusal = refusalOf(error);
    const clientIp = socket.remoteAddress ?? null;
    // Node's own name for the response being written on this connection (its clientError default reads it).
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!inFlight) {
      answer(socket, refusal, { ...requestLine(error), client_ip: clientIp });
    } else if (inFlight.req.complete) {
      // The refused bytes follow the earlier request's in the same packet: where they start is not known.
      const line = { method: null, path: null, client_ip: clientIp };
      inFlight.once('close', () => answer(socket, refusal, line));
    } else if (!inFlight.headersSent && inFlight.req.listenerCount('error') > 0) {
      // Fastify's body reader answers a read error through the error handler, with Connection: close.
      inFlight.req.emit('error', refusal);
    } else {
      inFlight.once('close', () => socket.destroy());
    }
  };
}
