import { type App, AppError } from '@app/kit';
import { type InvokeDeps, invoke } from './invoke.js';
import { listsAsArrays } from './lazy-list.js';
import { largeBodyStreamer } from './streamed-body.js';
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
              log: request.log,
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
          reply.header('x-data-timestamp', answer.dataTimestamp);
          if (!streamLarge) return answer.body;
          const stream = streamLarge(answer.body);
          if (stream) return reply.type('application/json; charset=utf-8').send(stream);
          return listsAsArrays(answer.body);
        },
      );
    }
  };
}
