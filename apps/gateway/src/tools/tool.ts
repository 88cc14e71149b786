import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../frame/caller.js';
import type { ClientOrderIdFormat } from '../trading/client-order-id.js';
import type { AccountSnapshot, PlannedOrder } from '../trading/exposure-view.js';
import type { RiskStatus } from '../trading/risk/pre-trade-risk.js';
import type { Deadline, DryRunCapture } from '../upstream/call-deadline.js';
import type { ClientScope } from '../upstream/client-scope.js';
import type { Environment } from '../upstream/upstream-types.js';

export type UpstreamProfile = 'sim' | 'public';

/** What a namespace's `environment_info` answers: where this caller's calls go. */
export interface EnvironmentInfo {
  namespace: string;
  exchange: string | null;
  environment: Environment;
  profile: UpstreamProfile;
  upstreams: { name: string; base_url: string }[];
}

/** Everything a tool handler may use; built per call by `invoke`. `C` is its namespace's clients. */
export interface ToolContext<C = unknown> {
  /** `test` for the testnet token, `live` for the mainnet token. */
  environment: Environment;
  actor: Actor;
  botTag: string;
  requestId: string;
  /**
   * When the call's upstream work must end (epoch ms; call-deadline.ts): every client method that reaches an
   * upstream takes the context (or another CallDeadline) for it. A write's pipeline moves it to the send's
   * and then the reconciliation's deadline while those steps run.
   */
  readonly deadline: Deadline;
  /** A dry-run write's capture (call-deadline.ts): set by the write pipeline, never by a tool. */
  readonly dryRun?: DryRunCapture;
  /** The call's logger (lines carry its request_id). */
  log: FastifyBaseLogger;
  profile: UpstreamProfile;
  /** The namespace's clients for this caller's environment, built once per environment. */
  clients: C;
  environmentInfo(): EnvironmentInfo;
  /** The calling bot's pre-trade limits, halt and use (trading/risk/pre-trade-risk.ts). */
  riskStatus(): Promise<RiskStatus>;
  /** The leverage cap of a venue (`<VENUE>_MAX_LEVERAGE`), undefined for one that does not trade. */
  maxLeverage(venue: string): number | undefined;
  now(): number;
}

/** A handler's answer: the tool's fields and when the data was obtained upstream. */
export interface ToolResult<O> {
  data: O;
  /** Epoch ms when the data was obtained upstream (a response's receivedAt, or a cache entry's time). */
  obtainedAt: number;
  /** Order and other ids the upstream assigned, recorded in the audit trail of writes. */
  upstreamIds?: string[];
  /** True when the upstream failed and a cached answer stands in (the answer then says `stale: true`). */
  stale?: boolean;
  /**
   * Frees what the answer holds while it is sent (a history admission permit): the transport calls it once,
   * when the answer has been sent or its client went away.
   */
  release?: () => void;
}

/** A write's context: the call's, and the client order id the write carries to the venue. */
export interface WriteContext<C = unknown> extends ToolContext<C> {
  /** Derived from (actor, Idempotency-Key or request id, tool) in the venue's format: the same on a retry. */
  clientOrderId: string;
}

/**
 * What a write tool declares; the write pipeline (trading/write-pipeline.ts) does the rest in its order:
 * audit, idempotency, the leverage cap from `exposure`, the client order id, `send` once, `lookup` when the
 * answer is lost, audit, store the answer.
 */
export interface WriteSteps<C, I, O> {
  /** The venue whose leverage cap applies (`<VENUE>_MAX_LEVERAGE`). */
  venue: string;
  /** The venue's client order id format (trading/client-order-id.ts: deribitLabel, hyperliquidCloid, ibkrCoid). */
  clientOrderId: ClientOrderIdFormat;
  /** What the leverage cap counts of this write (trading/exposure-view.ts); omit for writes that only reduce exposure (cancels). */
  exposure?: ExposureSteps<C, I>;
  /**
   * Sends the write once, carrying `context.clientOrderId`, with `idempotent: false`. When the venue's answer
   * is lost the upstream layer throws with `details.outcome_unknown`; a venue client that gets an answer that
   * does not say what happened (a 5xx) throws `writeAnswerLost` (trading/write-errors.ts) likewise.
   */
  send: (input: I, context: WriteContext<C>) => Promise<ToolResult<O>>;
  /**
   * The venue's record of the write with `context.clientOrderId`, as the answer `send` would have given, or
   * undefined when the venue has none. Throws when the venue cannot tell. Called only after a lost answer.
   */
  lookup: (input: I, context: WriteContext<C>) => Promise<ToolResult<O> | undefined>;
}

/**
 * The leverage cap's view of a venue's account: `plan` validates the input and says which account and legs
 * the write touches; `read` reads that account now. The pipeline keeps the reads cached per account
 * (docs/decisions.md, "The exposure view") and reserves each order's notional until a read includes it.
 */
export interface ExposureSteps<C, I> {
  /**
   * Whether an order counts as |position after| − |position before| (broker) or always as its whole
   * |size| × price (optx and perpdex, the venue notes' formula).
   */
  nets: boolean;
  plan: (input: I, context: ToolContext<C>) => Promise<PlannedOrder>;
  read: (account: string, marks: string[], context: ToolContext<C>) => Promise<AccountSnapshot>;
  /** The client order ids of the account's working orders on the venue (a bot's max_open_orders counts them). */
  openOrders?: (context: ToolContext<C>) => Promise<string[]>;
}

/** What every tool declares. */
interface ToolBase<I extends TObject, O extends TSchema> {
  name: string;
  /** Short human title (MCP `title`). */
  title: string;
  summary: string;
  description?: string;
  /**
   * The exchange a call is about, for logs and audit: the namespace's by default; a function when it depends
   * on the input (the common interface's `exchange` field).
   */
  exchange?: (input: Static<I>) => string | null;
  input: I;
  output: O;
}

/** A read: its handler answers; retried upstream where a retry helps. */
export interface ReadTool<C, I extends TObject = TObject, O extends TSchema = TSchema>
  extends ToolBase<I, O> {
  kind: 'read';
  handler(input: Static<I>, context: ToolContext<C>): Promise<ToolResult<Static<O>>>;
}

/** A write: its steps run in the write pipeline; never retried upstream; audited; Idempotency-Key applies. */
export interface WriteTool<C, I extends TObject = TObject, O extends TSchema = TSchema>
  extends ToolBase<I, O> {
  kind: 'write';
  write: WriteSteps<C, Static<I>, Static<O>>;
}

/**
 * A tool, declared once. From this come its HTTP route (`POST /<namespace>/tools/<name>`) and any other
 * transport, input validation, the OpenAPI entry (examples are the schemas' own `examples`), request-log
 * fields and, for writes, the write pipeline. The frame adds `data_timestamp`, `testnet` and `simulated`.
 */
export type Tool<C, I extends TObject = TObject, O extends TSchema = TSchema> =
  | ReadTool<C, I, O>
  | WriteTool<C, I, O>;

// biome-ignore lint/suspicious/noExplicitAny: a list of tools with different schemas; each was checked by its builder
export type AnyTool<C = any> = Tool<C, any, any>;

/**
 * The tool builder of a namespace whose handlers see clients `C`:
 * `const tool = toolsOf<MarketClients>(); export const getMarkets = tool({...})`.
 * Input and output types are inferred from the schemas.
 */
export function toolsOf<C>() {
  return <I extends TObject, O extends TSchema>(tool: Tool<C, I, O>): AnyTool<C> => tool;
}

/** Tools of one path namespace (`mcp`, `mcp-optx`, ...). */
export interface Namespace<C = unknown> {
  /** The path segment: `POST /<name>/tools/<tool>`. Must be `mcp` or `mcp-<name>`. */
  name: string;
  description: string;
  /** The exchange this namespace trades on or reads from, for logs and audit; null for the common interface. */
  exchange: string | null;
  /** Upstreams this namespace calls, listed by its environment_info. */
  upstreams: string[];
  /** Whether answers carry `testnet` (true in the test environment). Off for data providers with one environment. */
  testnetFlag: boolean;
  /** The clients its handlers see, built once per environment when the app starts. */
  clients(scope: ClientScope): C;
  tools: AnyTool<C>[];
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds namespaces with different client types
export type AnyNamespace = Namespace<any>;

/** Declares a namespace with its client type inferred from its `clients` factory. */
export function defineNamespace<C>(namespace: Namespace<C>): Namespace<C> {
  return namespace;
}
