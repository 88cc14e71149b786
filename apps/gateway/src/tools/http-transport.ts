import { type App, AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { clientRequestIdOf } from '../frame/client-request-id.js';
import { answerBody, type InvokeDeps, invoke } from './invoke.js';
import { listsAsArrays } from './lazy-list.js';
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

const DeadlineHeader = Type.Object({
  'x-deadline-ms': Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'Milliseconds this caller will wait: the call answers by then (504 UPSTREAM_TIMEOUT at the latest). ' +
        'Above the configured TOOL_DEADLINE_MS (default 10 000) the configured one applies.',
    }),
  ),
});

/** X-Deadline-Ms as a number of milliseconds; 400 when it is not a positive integer. */
function deadlineOf(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header[0] : header;
  if (!text || !/^\d{1,9}$/.test(text.trim()) || Number(text) < 1)
    throw new AppError(400, 'INVALID_DEADLINE', 'X-Deadline-Ms must be a positive integer of milliseconds');
  return Number(text);
}

/** `invoke` validates every transport's input itself; the route's body schema is there for the docs. */
const validatedByInvoke = () => () => true;

function routeSchema({ namespace, tool, output }: RegisteredTool) {
  return {
    tags: [namespace.name],
    operationId: `${namespace.name}.${tool.name}`,
    summary: tool.summary,
    description: `${tool.description ?? tool.summary}\n\n${tool.kind === 'write' ? 'Write: audited, never retried upstream.' : 'Read.'}`,
    security: [{ bearerAuth: [], botTag: [] }],
    body: tool.input,
    headers: DeadlineHeader,
    response: { 200: output, ...errorResponses },
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
        async (request, reply) => {
          const caller = request.gatewayCaller;
          if (!caller?.botTag)
            throw new AppError(500, 'INTERNAL_ERROR', 'Tool route reached without a caller');
          const note = { tool: tool.name, exchange: entry.namespace.exchange };
          request.toolCall = note;
          const answer = await invoke(
            entry,
            request.body,
            {
              actor: caller.actor,
              environment: caller.environment,
              botTag: caller.botTag,
              requestId: request.id,
              clientRequestId: clientRequestIdOf(request.headers),
              log: request.log,
              deadlineMs: deadlineOf(request.raw.headers['x-deadline-ms']),
            },
            note,
            deps,
          );
          const { release } = answer;
          // 'close' comes once the answer is sent or the client went away (maybe already, while the handler ran).
          if (release) {
            if (reply.raw.closed) release();
            else reply.raw.once('close', release);
          }
          reply
            .header('x-data-timestamp', answer.frame.data_timestamp)
            .type('application/json; charset=utf-8');
          const stream =
            streamLarge && hasLongList(answer.data) ? streamLarge(answerBody(answer)) : undefined;
          if (stream) return reply.send(stream);
          return reply.send(entry.render({ ...answer, data: listsAsArrays(answer.data) }));
        },
      );
    }
  };
}
