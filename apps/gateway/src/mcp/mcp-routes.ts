import { type App, toAppError } from '@app/kit';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseBotTag } from '../frame/bot-tag.js';
import { errorEnvelope } from '../frame/error-envelope.js';
import type { InvokeDeps } from '../tools/invoke.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { callTool } from './mcp-call.js';
import {
  callResponse,
  errorResponse,
  type FastMessage,
  fastMessage,
  resultResponse,
} from './mcp-fast-path.js';
import { originAllowed } from './mcp-origin.js';
import { resultOf } from './mcp-result.js';
import { allToolSet, type McpToolSet, namespaceToolSet } from './mcp-tools.js';

/** The path of the endpoint that serves every namespace, its tools named `<namespace>__<tool>`. */
export const ALL_NAMESPACES_PATH = '/mcp';

export interface McpDeps {
  tools: ToolRegistry;
  invoke: InvokeDeps;
  version: string;
  /** Browser origins allowed besides loopback ones (MCP_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Answer well-formed tools/call and tools/list without the SDK (MCP_FAST_PATH; mcp-fast-path.ts). */
  fastPath: boolean;
}

interface Endpoint {
  path: string;
  tools: McpToolSet;
  instructions: string;
  /** tools/list's result as JSON, made once: the listing never changes while the gateway runs. */
  listJson: string;
}

/** A JSON-RPC error answered before the SDK sees the message (origin, tag, batch), with its HTTP status. */
function rpcError(
  reply: FastifyReply,
  status: number,
  id: unknown,
  code: number,
  message: string,
  data?: unknown,
) {
  const rpcId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return reply
    .code(status)
    .type('application/json')
    .send({ jsonrpc: '2.0', id: rpcId, error: { code, message, ...(data === undefined ? {} : { data }) } });
}

/** The SDK's Web-standard transport reads method, URL and headers of a Request; the body is already parsed. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(`http://gateway${request.url}`, { method: 'POST', headers });
}

/**
 * The Model Context Protocol (Streamable HTTP) over the tool registry: `/<namespace>/mcp` per namespace and
 * `/mcp` for all of them. Stateless: every POST gets a fresh SDK server and transport (no session id, no
 * session affinity: any instance answers any request), in JSON-response mode since a tools-only server has
 * nothing to stream — except a well-formed tools/call or tools/list, which the fast path answers with the
 * same bytes (mcp-fast-path.ts; the SDK refuses to reuse a stateless transport, and a fresh one per call
 * cost four times the tool call). GET (a server-to-client stream) and DELETE (ending a session) answer 405, as the
 * transport specification provides for a server without either. Registered in the bearer-token context; the
 * X-Bot-Tag is checked here so that its absence is a JSON-RPC error an MCP client can show.
 */
export function mcpRoutes(deps: McpDeps) {
  // Made once: the SDK server builds an Ajv instance of its own when given none, which was most of an MCP
  // call's cost (it checks elicitation answers only, which a tools-only server never asks for).
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  return async (app: App) => {
    const endpoints: Endpoint[] = [
      ...deps.tools.namespaces.map((namespace) => ({
        path: `/${namespace.name}/mcp`,
        tools: namespaceToolSet(deps.tools, namespace.name),
        instructions: namespace.description,
      })),
      {
        path: ALL_NAMESPACES_PATH,
        tools: allToolSet(deps.tools),
        instructions: 'Every namespace of the market tool gateway; tool names are <namespace>__<tool>.',
      },
    ].map((endpoint) => ({ ...endpoint, listJson: JSON.stringify({ tools: endpoint.tools.list }) }));
    for (const endpoint of endpoints) {
      app.post(endpoint.path, { schema: { hide: true } }, (request, reply) => post(endpoint, request, reply));
      const refuse = async (request: FastifyRequest, reply: FastifyReply) =>
        rpcError(
          reply.header('allow', 'POST'),
          405,
          null,
          -32000,
          `Method not allowed: ${request.method} ${endpoint.path}. This MCP endpoint is stateless: POST only, no session to stream from or end.`,
        );
      app.get(endpoint.path, { schema: { hide: true } }, refuse);
      app.delete(endpoint.path, { schema: { hide: true } }, refuse);
    }
  };

  async function post(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as { id?: unknown } | unknown[] | null;
    const origin = request.headers.origin;
    // DNS rebinding: a web page must not reach a gateway on the user's machine (transport specification).
    if (origin !== undefined && !originAllowed(origin, deps.allowedOrigins))
      return rpcError(reply, 403, null, -32000, `Forbidden: Origin ${origin} is not allowed`);
    // Batches left the protocol in 2025-06-18; one message per POST also keeps one request-log line per call.
    if (Array.isArray(body))
      return rpcError(
        reply,
        400,
        null,
        ErrorCode.InvalidRequest,
        'JSON-RPC batches are not supported: one message per POST',
      );
    const id = body && typeof body === 'object' ? body.id : undefined;
    const caller = request.gatewayCaller;
    if (!caller)
      return rpcError(reply, 500, id, ErrorCode.InternalError, 'MCP endpoint reached without a caller');
    try {
      caller.botTag = parseBotTag(request.headers['x-bot-tag']);
    } catch (error) {
      const envelope = errorEnvelope(toAppError(error), request.id);
      return rpcError(reply, 400, id, ErrorCode.InvalidRequest, envelope.error.message, envelope.error);
    }
    const fast = deps.fastPath ? fastMessage(body, request.headers, endpoint.tools.byName) : undefined;
    if (fast)
      return reply
        .code(200)
        .type('application/json')
        .send(await fastAnswer(endpoint, fast, request));
    const server = sdkServer(endpoint, request);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // No close afterwards: in JSON-response mode the transport has dropped its stream by the time it answers,
    // and nothing else (no timers, no sessions) outlives the request; closing cost 30 µs a call.
    await server.connect(transport);
    const response = await transport.handleRequest(webRequest(request), { parsedBody: body });
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(response.body === null ? undefined : await response.text());
  }

  function sdkServer(endpoint: Endpoint, request: FastifyRequest): Server {
    const server = new Server(
      { name: 'market-gateway', title: 'Market tool gateway', version: deps.version },
      {
        capabilities: { tools: { listChanged: false } },
        instructions: endpoint.instructions,
        jsonSchemaValidator,
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: endpoint.tools.list }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
      const entry = endpoint.tools.byName.get(params.name);
      if (!entry)
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${params.name} at ${endpoint.path}`);
      return resultOf(entry, await callTool(entry, params, request, deps.invoke));
    });
    return server;
  }

  /** The JSON-RPC response to a message the fast path took: what the SDK's server would answer. */
  async function fastAnswer(endpoint: Endpoint, message: FastMessage, request: FastifyRequest) {
    if (message.method === 'tools/list') return resultResponse(message.id, endpoint.listJson);
    try {
      const answer = await callTool(message.entry, message.params, request, deps.invoke);
      return callResponse(message.id, message.entry, answer);
    } catch (error) {
      return errorResponse(message.id, error);
    }
  }
}
