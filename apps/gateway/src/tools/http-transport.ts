import { type App, AppError } from '@app/kit';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { DeadlineHeader } from '../frame/deadline-header.js';
import { idempotencyKeyOf } from '../trading/idempotency-key.js';
import { callerInfoOf } from './caller-info.js';
import { answerBody, type InvokeDeps, invoke, type ToolAnswer } from './invoke.js';
import { hasLongList, largeBodyStreamer } from './streamed-body.js';
import type { RegisteredTool, ToolRegistry } from './tool-registry.js';
import { ErrorEnvelopeRef } from './tool-schemas.js';

const errorResponses = {
  400: ErrorEnvelopeRef,
  401: ErrorEnvelopeRef,
  404: ErrorEnvelopeRef,
  422: ErrorEnvelopeRef,
  429: ErrorEnvelopeRef,
  502: ErrorEnvelopeRef,
  503: ErrorEnvelopeRef,
  504: ErrorEnvelopeRef,
};

const WriteHeaders = Type.Object({
  ...DeadlineHeader.properties,
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7e]+$',
      description:
        'Makes the write safe to repeat: the same key, body and token within 24 h answers the first answer ' +
        '(status and body) with Idempotent-Replayed: true and sends nothing upstream; another body → 422 ' +
        'IDEMPOTENCY_KEY_REUSED; while the first still runs → 409 IDEMPOTENCY_IN_PROGRESS (retryable). ' +
        '1–255 printable ASCII characters, else 400 IDEMPOTENCY_KEY_INVALID.',
    }),
  ),
});

const WRITE_NOTE =
  'Write: audited, sent upstream exactly once under a client order id derived from the request (the ' +
  'Idempotency-Key when given); never retried blindly. If the venue’s answer is lost the order is looked up ' +
  'by that id (the answer then says `reconciled: true`); if the venue cannot tell, 504 WRITE_OUTCOME_UNKNOWN ' +
  'with `details.client_order_id`. A repeat with the same Idempotency-Key looks again; once the venue still has ' +
  'no record a few seconds (WRITE_LOOKUP_WINDOW_MS) after the send, it sends the write once more and says ' +
  '`resent: true`. A replayed answer (also a stored 4xx) carries `Idempotent-Replayed: true`.';

/** The success response of a write: the answer, and the header that marks a replay. */
function writeSuccess(output: TSchema) {
  return {
    ...output,
    headers: {
      'Idempotent-Replayed': {
        type: 'string',
        enum: ['true'],
        description: 'Present on a repeat under an Idempotency-Key: this is the first call’s stored answer',
      },
    },
  };
}

/** `invoke` validates every transport's input itself; the route's body schema is there for the docs. */
const validatedByInvoke = () => () => true;

function routeSchema({ namespace, tool, output }: RegisteredTool) {
  const write = tool.kind === 'write';
  return {
    tags: [namespace.name],
    operationId: `${namespace.name}.${tool.name}`,
    summary: tool.summary,
    description: `${tool.description ?? tool.summary}\n\n${write ? WRITE_NOTE : 'Read.'}`,
    security: [{ bearerAuth: [], botTag: [] }],
    body: tool.input,
    headers: write ? WriteHeaders : DeadlineHeader,
    response: write
      ? { 200: writeSuccess(output), ...errorResponses, 409: ErrorEnvelopeRef }
      : { 200: output, ...errorResponses },
  };
}

/**
 * One namespace over HTTP, an encapsulated plugin registered with prefix `/<name>`: a route per tool that
 * hands the body to `invoke` and renders its answer (streamed when it is long), and a not-found handler that
 * names the unknown tool. Authentication and the bot tag are enforced by the parent context.
 */
export function namespaceRoutes(namespace: string, tools: ToolRegistry, deps: InvokeDeps) {
  return async (app: App) => {
    app.setNotFoundHandler(async (request) => {
      const path = request.url.split('?')[0] ?? '';
      const tool = /\/tools\/([^/]+)$/.exec(path)?.[1];
      if (tool && request.method === 'POST') {
        throw new AppError(404, 'UNKNOWN_TOOL', `No tool ${tool} in namespace ${namespace}`);
      }
      throw new AppError(404, 'NOT_FOUND', `No route for ${request.method} ${path}`);
    });
    for (const entry of tools.toolsOf(namespace)) {
      const { tool } = entry;
      const streamLarge = largeBodyStreamer(entry.output);
      app.post(
        `/tools/${tool.name}`,
        {
          schema: routeSchema(entry),
          validatorCompiler: validatedByInvoke,
          config: { tool: tool.name, exchange: entry.namespace.exchange },
        },
        // Not an async handler: the answer is sent from invoke's own promise, without a second promise around
        // it and Fastify's `then` on that one (a polled read pays each hop on every call). A failure goes to
        // the error handler, as a throw here does.
        (request, reply) => {
          const note = { tool: tool.name, exchange: entry.namespace.exchange };
          request.toolCall = note;
          const caller = callerInfoOf(
            request,
            tool.kind === 'write' ? idempotencyKeyOf(request.headers['idempotency-key']) : undefined,
          );
          invoke(entry, request.body, caller, note, deps).then(
            (answer) => {
              try {
                sendAnswer(reply, answer, entry, streamLarge);
              } catch (error) {
                reply.send(error);
              }
            },
            (error: unknown) => reply.send(error),
          );
        },
      );
    }
  };
}

/** A tool's answer on the wire: a replay as it was stored, else the answer with its data timestamp. */
function sendAnswer(
  reply: FastifyReply,
  answer: ToolAnswer,
  entry: RegisteredTool,
  streamLarge: ReturnType<typeof largeBodyStreamer>,
): void {
  if (answer.replayed) {
    const { status, body, dataTimestamp } = answer.replayed;
    if (dataTimestamp) reply.header('x-data-timestamp', dataTimestamp);
    reply
      // Any status the first call answered with (a stored 4xx); the route's schema lists the usual ones.
      .code(status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(body);
    return;
  }
  const { release } = answer;
  // 'close' comes once the answer is sent or the client went away (maybe already, while the handler ran).
  if (release) {
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  }
  reply.header('x-data-timestamp', answer.frame.data_timestamp).type('application/json; charset=utf-8');
  if (answer.text !== undefined) {
    reply.send(answer.text);
    return;
  }
  const stream = streamLarge && hasLongList(answer.data) ? streamLarge(answerBody(answer)) : undefined;
  reply.send(stream ?? entry.render(answer));
}
