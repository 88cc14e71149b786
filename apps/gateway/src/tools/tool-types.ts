import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../auth/caller.js';
import type { Exposure } from '../risk/leverage-cap.js';
import type { Environment, UpstreamHttp } from '../upstream/upstream-types.js';

export type UpstreamProfile = 'sim' | 'public';

/** What a namespace's `environment_info` answers: where this caller's calls go. */
export interface EnvironmentInfo {
  namespace: string;
  exchange: string | null;
  environment: Environment;
  testnet: boolean;
  profile: UpstreamProfile;
  simulated: boolean;
  upstreams: { name: string; base_url: string }[];
}

/** Everything a tool handler may use; built per call by the frame. */
export interface ToolContext {
  /** `test` for the testnet token, `live` for the mainnet token. */
  environment: Environment;
  actor: Actor;
  botTag: string;
  requestId: string;
  /** The request's logger (lines carry its request_id). */
  log: FastifyBaseLogger;
  profile: UpstreamProfile;
  /** The named upstream's client in this caller's environment. */
  upstream(name: string): UpstreamHttp;
  /** Throws 422 LEVERAGE_CAP_EXCEEDED (audited as refused) when the order would breach the venue's cap. */
  enforceLeverageCap(venue: string, exposure: Exposure): void;
  environmentInfo(): EnvironmentInfo;
  now(): number;
}

/** A handler's answer: the tool's fields plus when the data was obtained upstream. */
export interface ToolResult<O> {
  data: O;
  /** Epoch ms when the data was obtained upstream (UpstreamResponse.receivedAt, or a cache entry's time). */
  dataTimestamp: number;
  /** Order and other ids the upstream assigned, recorded in the audit trail of writes. */
  upstreamIds?: string[];
}

export interface ToolExample<I, O> {
  summary?: string;
  input: I;
  output?: O;
}

/**
 * A tool, declared once. From this come its route (`POST /<namespace>/tools/<name>`),
 * input validation, OpenAPI entry, request-log fields and, for writes, the audit trail.
 */
export interface ToolDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  name: string;
  summary: string;
  description?: string;
  /** `write` tools are audited (attempt before the handler runs, result after) and never retried upstream. */
  kind: 'read' | 'write';
  input: I;
  output: O;
  examples?: ToolExample<Static<I>, Static<O>>[];
  /** The exchange a call is about, when it depends on the input (the common interface's `exchange` field). */
  exchange?(input: Static<I>): string | null;
  handler(input: Static<I>, context: ToolContext): Promise<ToolResult<Static<O>>>;
}

/** Tools of one path namespace (`mcp`, `mcp-optx`, ...). */
export interface NamespaceDefinition {
  /** The path segment: `POST /<name>/tools/<tool>`. Must start with `mcp`. */
  name: string;
  description: string;
  /** The exchange this namespace trades on or reads from, for logs and audit; null for the common interface. */
  exchange: string | null;
  /** Upstreams this namespace calls, listed by its environment_info. */
  upstreams: string[];
  /** Whether responses carry `testnet` (true in the test environment). Off for data providers with one environment. */
  testnetFlag: boolean;
  tools: AnyTool[];
}

// biome-ignore lint/suspicious/noExplicitAny: a list of tools with different schemas; each was checked by defineTool
export type AnyTool = ToolDefinition<any, any>;

/** Declares a tool with its input and output types inferred from the schemas. */
export function defineTool<I extends TObject, O extends TObject>(tool: ToolDefinition<I, O>): AnyTool {
  return tool;
}
