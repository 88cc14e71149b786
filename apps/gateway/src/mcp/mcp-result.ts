import { AppError, toAppError } from '@app/kit';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorEnvelope } from '../frame/error-envelope.js';
import type { ToolAnswer } from '../tools/invoke.js';
import { LazyList } from '../tools/lazy-list.js';
import type { RegisteredTool } from '../tools/tool-registry.js';

/**
 * The largest answer an MCP result carries (its JSON text). A language model reads every byte of a tool
 * result into its context: a year of one-minute candles (about 50 MB) would not fit any model, so above this
 * the result says how to page instead (a shorter range, or the streamed HTTP route).
 */
export const MCP_MAX_RESULT_BYTES = 256 * 1024;

/** Answers up to this size are also the result's text, for clients that show the model only `content`. */
const TEXT_INLINE_BYTES = 16 * 1024;

/** Items serialised to estimate a long list's size before rendering any of it. */
const SAMPLE_ITEMS = 50;

/** A tool failure as an MCP result: the envelope (code, message, retryable, request_id) as its text. */
export function errorResult(error: unknown, requestId: string): CallToolResult {
  const envelope = errorEnvelope(toAppError(error), requestId);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope) }] };
}

/** The text an answer's result shows the model: the JSON itself when short, else where to find it. */
function summaryOf(text: string, structured: Record<string, unknown>, entry: RegisteredTool): string {
  return text.length <= TEXT_INLINE_BYTES
    ? text
    : `${entry.namespace.name}/${entry.tool.name}: ${text.length} bytes of JSON, in structuredContent ` +
        `(fields: ${Object.keys(structured).join(', ')})`;
}

/** The answer's JSON as a result: `structuredContent`, and the same JSON (or a summary) as text. */
function jsonResult(text: string, entry: RegisteredTool, replayed: boolean): CallToolResult {
  const structured = JSON.parse(text) as Record<string, unknown>;
  return {
    structuredContent: structured,
    content: [{ type: 'text', text: summaryOf(text, structured, entry) }],
    ...(replayed ? { _meta: { idempotent_replayed: true } } : {}),
  };
}

/** The first long list whose JSON would take the result past the cap, estimated from a sample of its items. */
function oversizedList(data: Record<string, unknown>): (LongList & { bytes: number }) | undefined {
  for (const key in data) {
    const value = data[key];
    const list = value instanceof LazyList || Array.isArray(value) ? value : undefined;
    if (!list || list.length <= SAMPLE_ITEMS) continue;
    const sample = JSON.stringify(list.slice(0, SAMPLE_ITEMS)).length / SAMPLE_ITEMS;
    if (sample * list.length > MCP_MAX_RESULT_BYTES) {
      return {
        key,
        items: list.length,
        bytes: Math.round(sample * list.length),
        fit: Math.floor(MCP_MAX_RESULT_BYTES / sample),
      };
    }
  }
  return undefined;
}

interface LongList {
  key: string;
  items: number;
  /** How many of its items fit in a result. */
  fit: number;
}

/** The paging advice for an answer above the cap: the list that makes it long and how much of it fits. */
function tooLarge(entry: RegisteredTool, requestId: string, bytes: number, list?: LongList): CallToolResult {
  const http = `POST /${entry.namespace.name}/tools/${entry.tool.name}`;
  const size = `about ${(bytes / 1e6).toFixed(1)} MB as JSON; an MCP result is capped at ${MCP_MAX_RESULT_BYTES / 1024} KiB`;
  const message = list
    ? `The answer's "${list.key}" holds ${list.items} items (${size}, about ${list.fit} of them). Page: call again ` +
      `for a shorter range (at most ${list.fit} items per call, continuing after the last item received), or ` +
      `fetch it whole from ${http}, which streams.`
    : `The answer is too long (${size}). Ask for less, or fetch it from ${http}.`;
  const details = {
    max_bytes: MCP_MAX_RESULT_BYTES,
    http,
    ...(list ? { list: list.key, items: list.items, max_items: list.fit } : {}),
  };
  return errorResult(new AppError(413, 'RESULT_TOO_LARGE', message, { details }), requestId);
}

/**
 * A tools/call answer before it becomes a result: the answer's JSON text (the bytes the HTTP route sends, a
 * Buffer when the registry's serializer rendered it) or a finished result (a failure, paging advice).
 */
export type McpAnswer =
  | { kind: 'json'; json: string | Buffer; replayed: boolean }
  | { kind: 'result'; result: CallToolResult };

/**
 * A tool's answer for an MCP result, rendered by the registry's serializer (the same bytes the HTTP route
 * sends, so `structuredContent` matches the output schema), or a stored replay as it was first answered.
 * The answer's `release` is the caller's to call.
 */
export function answerOf(entry: RegisteredTool, answer: ToolAnswer, requestId: string): McpAnswer {
  if (answer.replayed) {
    const { status, body } = answer.replayed;
    // A stored refusal (4xx) replays as the failure it was.
    if (status >= 400)
      return {
        kind: 'result',
        result: {
          isError: true,
          content: [{ type: 'text', text: body }],
          _meta: { idempotent_replayed: true },
        },
      };
    return { kind: 'json', json: body, replayed: true };
  }
  if (answer.text !== undefined) return { kind: 'json', json: answer.text, replayed: false };
  const long = oversizedList(answer.data);
  if (long) return { kind: 'result', result: tooLarge(entry, requestId, long.bytes, long) };
  const bytes = entry.render(answer);
  // The cap is on the text's length (UTF-16 units); its UTF-8 bytes are never fewer, so most answers skip decoding.
  if (bytes.length > MCP_MAX_RESULT_BYTES) {
    const text = bytes.toString();
    if (text.length > MCP_MAX_RESULT_BYTES)
      return { kind: 'result', result: tooLarge(entry, requestId, text.length) };
  }
  return { kind: 'json', json: bytes, replayed: false };
}

/** An answer as the CallToolResult object the SDK's server sends. */
export function resultOf(entry: RegisteredTool, answer: McpAnswer): CallToolResult {
  return answer.kind === 'result'
    ? answer.result
    : jsonResult(answer.json.toString(), entry, answer.replayed);
}

/**
 * The `content` and `structuredContent` members of a JSON answer's result as JSON text, with the answer's
 * own text spliced in unparsed as `structuredContent` — or undefined when that would not be the bytes
 * JSON.stringify makes of the parsed answer (an answer that is not an object, or whose text is not in
 * JSON.stringify's form, e.g. an integer-like key that parsing moves to the front); such answers take the
 * result-object path. Kept per rendered Buffer: a cached answer that many calls share is checked once.
 */
export function resultMembers(entry: RegisteredTool, json: string | Buffer): string | undefined {
  if (typeof json !== 'string') {
    const known = membersByBytes.get(json);
    if (known !== undefined) return known || undefined;
    const members = splicedMembers(entry, json.toString());
    membersByBytes.set(json, members ?? '');
    return members;
  }
  return splicedMembers(entry, json);
}

const membersByBytes = new WeakMap<Buffer, string>();

function splicedMembers(entry: RegisteredTool, text: string): string | undefined {
  const structured = JSON.parse(text) as unknown;
  if (typeof structured !== 'object' || structured === null || Array.isArray(structured)) return undefined;
  if (JSON.stringify(structured) !== text) return undefined;
  const summary = summaryOf(text, structured as Record<string, unknown>, entry);
  return `"content":[{"type":"text","text":${JSON.stringify(summary)}}],"structuredContent":${text}`;
}
