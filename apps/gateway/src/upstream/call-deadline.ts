/**
 * The deadline of the tool call an upstream request serves, passed explicitly from the call's context down
 * to the upstream layer, which fits every attempt, retry and budget wait before it. Epoch ms on the real
 * clock; undefined outside a tool call (readiness probes, start-up, background refreshes, stream hubs).
 *
 * Every client method that reaches an upstream takes a `CallDeadline` (a tool's context is one), and
 * `UpstreamHttp.request` takes the deadline: a call that forgets it does not compile. Not an
 * AsyncLocalStorage: one in use turns on async hooks for every promise of the process (docs/decisions.md,
 * "One deadline per tool call, passed explicitly").
 */
export type Deadline = number | undefined;

/** What a client method needs of the call it serves: its deadline. */
export interface CallDeadline {
  readonly deadline: Deadline;
  /** Set on a dry-run write's context: its write request is captured, never sent. */
  readonly dryRun?: DryRunCapture;
}

/** For upstream requests outside a tool call: no deadline but the request's own timeout. */
export const NO_DEADLINE: CallDeadline = Object.freeze({ deadline: undefined });

/**
 * A dry run's stand-in for sending a write (trading/risk/dry-run.ts): the upstream layer hands it the write's
 * request as it would go on the wire, signed, and it throws instead of letting the request leave. Reads
 * (idempotent requests) of a dry-run call are sent as usual: the checks before the write need them.
 */
export type DryRunCapture = (request: OutgoingWrite) => never;

/** A write as the upstream layer would have sent it. */
export interface OutgoingWrite {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}
