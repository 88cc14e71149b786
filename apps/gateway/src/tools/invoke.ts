import type { ToolCallNote } from '../frame/caller.js';
import { type AuditedWriteDeps, runAuditedWrite } from './audited-write.js';
import { CallContext, type CallerInfo, type FrameDeps } from './call-context.js';
import type { ToolResult } from './tool.js';
import type { RegisteredTool } from './tool-registry.js';

export interface InvokeDeps extends FrameDeps, AuditedWriteDeps {}

/** A tool's answer with the frame's fields, ready for any transport to render. */
export interface ToolAnswer {
  body: Record<string, unknown>;
  /** `data_timestamp`, also sent as the `X-Data-Timestamp` header over HTTP. */
  dataTimestamp: string;
  /** The handler's `release`: the transport calls it once the answer is sent or abandoned. */
  release?: () => void;
}

/**
 * The one way a tool is called, whatever the transport: validate the input (defaults applied, unknown
 * fields removed, 422 naming the field), build the call's context with the namespace's clients, run the
 * handler (a write between its two audit records), then add the frame's fields. `note` receives the
 * exchange as soon as it is known, so the transport's log can name it even when the call fails.
 */
export async function invoke(
  entry: RegisteredTool,
  input: unknown,
  caller: CallerInfo,
  note: ToolCallNote,
  deps: InvokeDeps,
): Promise<ToolAnswer> {
  const { tool, namespace } = entry;
  entry.validate(input);
  const exchange = tool.exchange ? tool.exchange(input) : namespace.exchange;
  note.exchange = exchange;
  const context = new CallContext(caller, namespace, entry.clients(caller.environment), deps);
  const result: ToolResult<unknown> =
    tool.kind === 'read'
      ? await tool.handler(input, context)
      : await runAuditedWrite(tool, input, context, { namespace: namespace.name, exchange }, deps);
  let dataTimestamp: string;
  try {
    dataTimestamp = entry.isoTimestamp(result.obtainedAt);
  } catch (error) {
    result.release?.();
    throw error;
  }
  // A copy: the handler's data may be a cache entry shared by every call. Object.assign rather than
  // `{ ...data, data_timestamp }`: V8 (Node 20) takes a slow runtime path, about 2.5 µs, for a spread
  // followed by further properties.
  const body: Record<string, unknown> = Object.assign({}, result.data);
  body.data_timestamp = dataTimestamp;
  if (namespace.testnetFlag) body.testnet = caller.environment === 'test';
  if (deps.profile === 'sim') body.simulated = true;
  return result.release ? { body, dataTimestamp, release: result.release } : { body, dataTimestamp };
}
