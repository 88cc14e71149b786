import type { Socket } from 'node:net';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type ConnectionError,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { toAppError } from './error-mapping.js';
import { AppError, notFound } from './errors.js';
import type { Logger } from './logger.js';
import { newRequestId, requestIdFor } from './request-id.js';
import { validatorCompiler } from './validation.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Each service decides the shape of its error body; the status and headers are decided here. */
export type ErrorRenderer = (error: AppError, request: FastifyRequest) => unknown;

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** Where the generated document is served, e.g. `/openapi.json`. */
  jsonPath: string;
  /** Where the interactive page is served, e.g. `/apidocs`. */
  docsPath: string;
  tags?: { name: string; description?: string }[];
  /** Base URLs of the API; a relative `/` means the host that serves the document. */
  servers?: { url: string; description?: string }[];
  components?: Record<string, unknown>;
}

export interface CreateAppOptions {
  logger: Logger;
  renderError: ErrorRenderer;
  openapi?: OpenApiOptions;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Honour X-Forwarded-For for the client IP; only behind a proxy you run. */
  trustProxy?: boolean;
  /** Turn off Fastify's per-request log lines when the service writes its own request log. */
  disableRequestLogging?: boolean;
  /**
   * Take a caller's sane X-Request-Id as the request id (default true: the station passes its id on to the
   * measurement service, so both logs share it). False: every request gets a fresh id of the service's own.
   */
  adoptRequestId?: boolean;
  /** Refuse unknown query parameters where a querystring schema forbids them (422); default: drop them. */
  rejectUnknownQuery?: boolean;
  /**
   * Runs first on every request, in the app's one root onRequest hook: where a service starts its own request
   * log, so that even a request refused there (while draining) is logged like any answer.
   */
  onRequestStart?: (request: FastifyRequest, reply: FastifyReply) => void;
  /** Answers what Node's HTTP parser refused before routing (Fastify's `clientErrorHandler`); default: Fastify's. */
  clientErrorHandler?: (error: ConnectionError, socket: Socket) => void;
}

/**
 * The app factory both services start from: request ids, one error mapping,
 * schema validation, body limits and OpenAPI 3.1. Routes are registered by the
 * caller after this resolves, so the OpenAPI plugin sees every one of them.
 */
export async function createApp(options: CreateAppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    genReqId: options.adoptRequestId === false ? newRequestId : requestIdFor,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: options.disableRequestLogging ?? false,
    }),
    // Explicit timeouts so a slow or stalled client cannot hold a socket forever.
    connectionTimeout: 0,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // On close: stop accepting, end idle keep-alive sockets, let in-flight requests finish. Requests that
    // still arrive on a busy keep-alive socket get the service's own 503 (preParsing hook below), not
    // Fastify's fast-path body without the envelope, the request id or a request-log line.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ...(options.clientErrorHandler ? { clientErrorHandler: options.clientErrorHandler } : {}),
    // Bad percent-encoding in a URL is rejected before routing; without this it bypasses the error
    // handler and answers in Fastify's own body shape instead of the service's.
    frameworkErrors: (error, request, reply) => {
      const appError = toAppError(error);
      reply.header('x-request-id', request.id);
      return (reply as FastifyReply).status(appError.status).send(options.renderError(appError, request));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler(options.rejectUnknownQuery ?? false));

  // Responses finished while draining close their keep-alive socket, so close() need not wait for it to idle out.
  let draining = false;
  // Node counts a connection as busy from the moment it is accepted until its first request is answered, so
  // server.close() waited for a connection that never sent a byte (a client's spare connection, a TCP health
  // check) until its header timeout, longer than the shutdown grace. Those are ended on close.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  app.addHook('preClose', async () => {
    draining = true;
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  // One synchronous hook for what every request needs first (each hook costs its runner, and an async one a
  // promise and a microtask turn too): the id header, the service's start callback, and, while draining, the
  // service's own 503 before the body is read, so a draining instance does no work for it.
  const { onRequestStart } = options;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    onRequestStart?.(request, reply);
    if (!draining) return done();
    done(
      new AppError(503, 'SHUTTING_DOWN', 'This instance is shutting down; send the request again', {
        retryable: true,
      }),
    );
  });

  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.status).send(options.renderError(appError, request));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(options.renderError(error, request));
  });

  if (options.openapi) await registerOpenApi(app, options.openapi);
  return app;
}

/**
 * A query parameter with a default is optional on the wire: validation fills the default in before the handler
 * runs, so the handler's type may call it required while the document must not, or generated clients demand it.
 */
function queryDefaultsOptional<S extends { querystring?: unknown }>(schema: S): S {
  const query = schema.querystring as
    | { required?: string[]; properties?: Record<string, { default?: unknown }> }
    | undefined;
  if (!query?.required || !query.properties) return schema;
  const required = query.required.filter((name) => query.properties?.[name]?.default === undefined);
  return required.length === query.required.length
    ? schema
    : { ...schema, querystring: { ...query, required } };
}

async function registerOpenApi(app: App, openapi: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: openapi.title, version: openapi.version, description: openapi.description },
      servers: openapi.servers,
      tags: openapi.tags,
      components: openapi.components,
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => ({ schema: schema && queryDefaultsOptional(schema), url }),
  });
  await app.register(swaggerUi, {
    routePrefix: openapi.docsPath,
    // The default validator badge fetches from the internet; these services must work offline.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
  app.get(openapi.jsonPath, { schema: { hide: true } }, async () => app.swagger());
}
