import type { IncomingHttpHeaders } from 'node:http';
import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  RELATED_TASK_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { RegisteredTool } from '../tools/tool-registry.js';
import type { CallParams } from './mcp-call.js';
import { type McpAnswer, resultMembers, resultOf } from './mcp-result.js';

/**
 * The two messages an agent sends over and over, `tools/call` and `tools/list`, answered without the SDK's
 * per-POST server and transport (zod parsing of every message, Web Request and Response objects: four times
 * the cost of the tool call itself). Only a message the SDK would take without objection is recognised here,
 * by the same rules, checked directly; everything else (initialize, ping, notifications, an unknown tool,
 * anything malformed or unusual) goes to the SDK unchanged, so its errors stay the SDK's. The answer is the
 * bytes the SDK sends: the same result, in the key order its schemas give it. test/mcp/mcp-fast-path.test.ts
 * sends each message to a gateway with and without the fast path and compares the answers.
 */
export type FastMessage =
  | { method: 'tools/call'; id: string | number; entry: RegisteredTool; params: CallParams }
  | { method: 'tools/list'; id: string | number };

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const CALL_KEYS = new Set(['name', 'arguments', '_meta']);
const LIST_KEYS = new Set(['cursor', '_meta']);

/** A JSON object, as zod's object and record schemas take it (JSON bodies hold no other kind). */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function onlyKeys(value: Record<string, unknown>, allowed: Set<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/**
 * The POST rules the SDK's transport applies before it parses a message (Accept listing both types, as its
 * substring check; Content-Type exactly what SDK clients send, a variant goes to the SDK's media-type parser;
 * an MCP-Protocol-Version header, when sent, one the SDK supports).
 */
function headersPass(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream'))
    return false;
  if (headers['content-type'] !== 'application/json') return false;
  const version = headers['mcp-protocol-version'];
  return (
    version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

/** `_meta` absent, or an object without the two members the SDK acts on (progress token, related task). */
function plainMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  return isRecord(meta) && meta.progressToken === undefined && meta[RELATED_TASK_META_KEY] === undefined;
}

/**
 * The message when the fast path answers it: one JSON-RPC request (`jsonrpc` "2.0", an id that is a string or
 * a safe integer, no other members — the SDK's schema is strict) for `tools/call` of a tool of this endpoint
 * with `name`, `arguments` an object or absent and a plain `_meta`, or for `tools/list` with at most a string
 * `cursor` and a plain `_meta`. Undefined sends the message to the SDK.
 */
export function fastMessage(
  body: unknown,
  headers: IncomingHttpHeaders,
  tools: ReadonlyMap<string, RegisteredTool>,
): FastMessage | undefined {
  if (!isRecord(body) || !onlyKeys(body, MESSAGE_KEYS) || body.jsonrpc !== '2.0') return undefined;
  const { id, method, params } = body;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  if (!headersPass(headers)) return undefined;
  const rpcId = id as string | number;
  if (method === 'tools/call') {
    if (!isRecord(params) || !onlyKeys(params, CALL_KEYS) || !plainMeta(params._meta)) return undefined;
    if (typeof params.name !== 'string') return undefined;
    const entry = tools.get(params.name);
    const args = params.arguments;
    if (!entry || (args !== undefined && !isRecord(args))) return undefined;
    return {
      method,
      id: rpcId,
      entry,
      params: { arguments: args, _meta: params._meta as Record<string, unknown> | undefined },
    };
  }
  if (method === 'tools/list') {
    if (params === undefined) return { method, id: rpcId };
    if (!isRecord(params) || !onlyKeys(params, LIST_KEYS) || !plainMeta(params._meta)) return undefined;
    if (params.cursor !== undefined && typeof params.cursor !== 'string') return undefined;
    return { method, id: rpcId };
  }
  return undefined;
}

const idJson = (id: string | number) => (typeof id === 'number' ? String(id) : JSON.stringify(id));

/** A result response as the SDK's protocol layer builds it: `result`, then `jsonrpc`, then `id`. */
export function resultResponse(id: string | number, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${idJson(id)}}`;
}

/** An error response as the SDK's protocol layer makes one of a thrown error. */
export function errorResponse(id: string | number, error: unknown): string {
  const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: {
      code: Number.isSafeInteger(code) ? code : ErrorCode.InternalError,
      message: message ?? 'Internal error',
      ...(data !== undefined && { data }),
    },
  });
}

/**
 * A tools/call answer as the SDK sends it. A JSON answer in JSON.stringify's form is spliced into the result
 * unparsed (`_meta`, `content`, `structuredContent`: the order the SDK's result schema gives); any other
 * result goes through that schema, as the SDK's server checks every tools/call result.
 */
export function callResponse(id: string | number, entry: RegisteredTool, answer: McpAnswer): string {
  if (answer.kind === 'json') {
    const members = resultMembers(entry, answer.json);
    if (members !== undefined)
      return resultResponse(
        id,
        answer.replayed ? `{"_meta":{"idempotent_replayed":true},${members}}` : `{${members}}`,
      );
  }
  const checked = CallToolResultSchema.safeParse(resultOf(entry, answer));
  if (!checked.success) {
    const reason = checked.error instanceof Error ? checked.error.message : String(checked.error);
    return errorResponse(id, new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${reason}`));
  }
  return resultResponse(id, JSON.stringify(checked.data));
}
