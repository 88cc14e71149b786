import { toAppError } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import { type InvokeDeps, invoke } from '../tools/invoke.js';
import type { RegisteredTool } from '../tools/tool-registry.js';
import { callerOf } from './mcp-caller.js';
import { answerOf, errorResult, type McpAnswer } from './mcp-result.js';

/** What a tools/call names besides the tool: its arguments and `_meta` (where an Idempotency-Key may be). */
export interface CallParams {
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * One MCP tools/call of a registry tool, the same for the SDK's handler and the fast path (mcp-fast-path.ts):
 * the request log names tool and exchange, `invoke` runs it as it runs an HTTP call, and a failure becomes an
 * isError result carrying the envelope. What else throws (rendering) is a protocol error, the caller's to send.
 */
export async function callTool(
  entry: RegisteredTool,
  params: CallParams,
  request: FastifyRequest,
  deps: InvokeDeps,
): Promise<McpAnswer> {
  const note = { tool: entry.tool.name, exchange: entry.namespace.exchange };
  request.toolCall = note;
  let answer: Awaited<ReturnType<typeof invoke>>;
  try {
    answer = await invoke(entry, params.arguments ?? {}, callerOf(request, entry, params._meta), note, deps);
  } catch (error) {
    // As the HTTP surface's error handler does: a refusal is the caller's business, a 5xx the operator's.
    if (toAppError(error).status >= 500) request.log.error({ err: error }, 'tool call failed');
    return { kind: 'result', result: errorResult(error, request.id) };
  }
  try {
    return answerOf(entry, answer, request.id);
  } finally {
    answer.release?.();
  }
}
