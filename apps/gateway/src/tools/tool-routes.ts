import { type App, AppError, type Logger } from '@app/kit';
import type { TSchema } from '@sinclair/typebox';
import type { AuditLog } from '../audit/audit-log.js';
import { runAuditedWrite } from './audited-write.js';
import { memoizedIsoTimestamp } from './iso-timestamp.js';
import { largeBodyStreamer } from './streamed-body.js';
import type { ToolFrameDeps } from './tool-context.js';
import { toolContext } from './tool-context.js';
import { ErrorEnvelopeRef, toolResponseSchema } from './tool-schemas.js';
import type { AnyTool, NamespaceDefinition, ToolContext, ToolResult } from './tool-types.js';

export interface ToolRouteDeps extends ToolFrameDeps {
  audit: AuditLog;
  auditLogger: Logger;
}

const errorResponses = {
  400: ErrorEnvelopeRef,
  401: ErrorEnvelopeRef,
  404: ErrorEnvelopeRef,
  422: ErrorEnvelopeRef,
  502: ErrorEnvelopeRef,
  503: ErrorEnvelopeRef,
  504: ErrorEnvelopeRef,
};

function exchangeOf(tool: AnyTool, namespace: NamespaceDefinition, input: unknown): string | null {
  if (tool.exchange) return tool.exchange(input);
  return namespace.exchange;
}

function routeSchema(tool: AnyTool, namespace: NamespaceDefinition, output: TSchema) {
  const examples = tool.examples ?? [];
  return {
    tags: [namespace.name],
    operationId: `${namespace.name}.${tool.name}`,
    summary: tool.summary,
    description: `${tool.description ?? tool.summary}\n\n${tool.kind === 'write' ? 'Write: audited, never retried upstream.' : 'Read.'}`,
    security: [{ bearerAuth: [], botTag: [] }],
    body:
      examples.length > 0
        ? { ...tool.input, examples: examples.map((example) => example.input) }
        : tool.input,
    response: {
      200: examples.some((example) => example.output)
        ? { ...output, examples: examples.flatMap((example) => (example.output ? [example.output] : [])) }
        : output,
      ...errorResponses,
    },
  };
}

/** Reads run as they are; writes run between their two audit records. */
function runTool(
  tool: AnyTool,
  input: unknown,
  context: ToolContext,
  meta: { namespace: string; exchange: string | null; deps: ToolRouteDeps },
): Promise<ToolResult<unknown>> {
  if (tool.kind === 'read') return tool.handler(input, context);
  const { namespace, exchange, deps } = meta;
  return runAuditedWrite(tool, input, context, { namespace, exchange }, deps.audit, deps.auditLogger);
}

/**
 * One namespace as an encapsulated plugin (registered with prefix `/<name>`):
 * a route per tool, and a not-found handler that names the unknown tool.
 * Authentication and the bot tag are enforced by the parent context.
 */
export function namespaceRoutes(namespace: NamespaceDefinition, deps: ToolRouteDeps) {
  const simulated = deps.profile === 'sim';
  return async (app: App) => {
    app.setNotFoundHandler(async (request) => {
      const path = request.url.split('?')[0] ?? '';
      const tool = /\/tools\/([^/]+)$/.exec(path)?.[1];
      if (tool && request.method === 'POST') {
        throw new AppError(404, 'UNKNOWN_TOOL', `No tool ${tool} in namespace ${namespace.name}`);
      }
      throw new AppError(404, 'NOT_FOUND', `No route for ${request.method} ${path}`);
    });

    for (const tool of namespace.tools) {
      const config = { tool: tool.name, exchange: namespace.exchange };
      const isoTimestamp = memoizedIsoTimestamp();
      const output = toolResponseSchema(tool.output, namespace.testnetFlag, simulated);
      const streamLarge = largeBodyStreamer(output);
      app.post(
        `/tools/${tool.name}`,
        { schema: routeSchema(tool, namespace, output), config },
        async (request, reply) => {
          const caller = request.gatewayCaller;
          if (!caller) throw new AppError(500, 'INTERNAL_ERROR', 'Tool route reached without a caller');
          const exchange = exchangeOf(tool, namespace, request.body);
          request.toolCall = { tool: tool.name, exchange };
          const result = await runTool(tool, request.body, toolContext(request, caller, namespace, deps), {
            namespace: namespace.name,
            exchange,
            deps,
          });
          const dataTimestamp = isoTimestamp(result.dataTimestamp);
          reply.header('x-data-timestamp', dataTimestamp);
          // A copy: the handler's data may be a cache entry shared by every call. Object.assign rather than
          // `{ ...data, data_timestamp }`: V8 (Node 20) takes a slow runtime path, about 2.5 µs, for a spread
          // followed by further properties.
          const body: Record<string, unknown> = Object.assign({}, result.data);
          body.data_timestamp = dataTimestamp;
          if (namespace.testnetFlag) body.testnet = caller.environment === 'test';
          if (simulated) body.simulated = true;
          const stream = streamLarge?.(body);
          if (stream) return reply.type('application/json; charset=utf-8').send(stream);
          return body;
        },
      );
    }
  };
}
