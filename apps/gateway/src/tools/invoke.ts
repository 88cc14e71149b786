import { AppError } from '@app/kit';
import type { ToolCallNote } from '../frame/caller.js';
import type { StoredAnswer } from '../trading/idempotency-store.js';
import { runWrite, type WritePipelineDeps } from '../trading/write-pipeline.js';
import { CallContext, type CallerInfo, type FrameDeps } from './call-context.js';
import { DeadlineTimers } from './deadline-timers.js';
import type { ToolResult } from './tool.js';
import type { RegisteredTool } from './tool-registry.js';

export interface InvokeDeps extends FrameDeps, WritePipelineDeps {
  /** TOOL_DEADLINE_MS: the longest a call may take; a caller may ask for less. */
  deadlineMs: number;
}

/**
 * Upstream work ends this much before the call's deadline, so a consensus can still answer with the
 * sources that made it (the late one in `failed_sources`) instead of the whole call timing out.
 */
const ASSEMBLY_MS = 200;

/**
 * A write's send ends this much before the call's deadline (at most a quarter of it), so that when its answer
 * is lost the lookup by client order id still has time to say what happened.
 */
const RECONCILE_MS = 2_000;

/** The fields the frame adds to every answer. */
export interface FrameFields {
  data_timestamp: string;
  stale?: true;
  /** A write whose answer was lost and whose outcome comes from the lookup by client order id. */
  reconciled?: true;
  /**
   * A repeat whose first send's answer was lost and which the venue still had no record of a lookup window
   * later: this call sent the write again (once), and this is that send's answer.
   */
  resent?: true;
  testnet?: boolean;
  simulated?: true;
}

/**
 * A tool's answer for any transport to render: the handler's data as it returned it (possibly a cache
 * entry shared by every call, never to be changed) and the frame's fields.
 */
export interface ToolAnswer {
  data: Record<string, unknown>;
  frame: FrameFields;
  /** The handler's `release`: the transport calls it once the answer is sent or abandoned. */
  release?: () => void;
  /** A write's answer as JSON text, rendered once: the same text was stored under its Idempotency-Key. */
  text?: string;
  /** A repeat under an Idempotency-Key: the first call's answer, sent as it was (`data` and `frame` unused). */
  replayed?: StoredAnswer;
  /** A dry-run write's answer (trading/risk/dry-run.ts): nothing was sent. */
  dryRun?: true;
}

/**
 * The answer as one object. Object.assign rather than `{ ...data, ...frame }`: V8 (Node 20) takes a slow
 * runtime path, about 2.5 µs, for a spread followed by further properties.
 */
export const answerBody = (answer: ToolAnswer): Record<string, unknown> =>
  Object.assign({}, answer.data, answer.frame);

/**
 * The one way a tool is called, whatever the transport: validate the input (defaults applied, unknown
 * fields removed, 422 naming the field), build the call's context with the namespace's clients, run the
 * handler (a write through the write pipeline, trading/write-pipeline.ts), then add the frame's
 * fields. `note` receives the exchange as soon as it is known, so the transport's log can name it even when
 * the call fails.
 */
export function invoke(
  entry: RegisteredTool,
  input: unknown,
  caller: CallerInfo,
  note: ToolCallNote,
  deps: InvokeDeps,
): Promise<ToolAnswer> {
  // Not an async function: a read's answer is the promise beforeDeadline makes, not a second one around it
  // (each promise, and each turn it takes, is paid on every polled call).
  try {
    const { tool, namespace } = entry;
    entry.validate(input);
    const exchange = tool.exchange ? tool.exchange(input) : namespace.exchange;
    note.exchange = exchange;
    const allowedMs = Math.min(deps.deadlineMs, caller.deadlineMs ?? deps.deadlineMs);
    const deadline = Date.now() + allowedMs;
    const upstreamDeadline = deadline - Math.min(ASSEMBLY_MS, allowedMs / 10);
    // The context carries the upstream deadline to every client method the handler calls (call-deadline.ts).
    const context = new CallContext(
      caller,
      namespace,
      entry.clients(caller.environment),
      deps,
      upstreamDeadline,
    );
    if (tool.kind === 'read') {
      // A read ends at its deadline whatever it waits on.
      return beforeDeadline(tool.handler(input, context), deadline, allowedMs, (result) =>
        answerOf(entry, result, caller, deps, false),
      );
    }
    // A write runs to its outcome: the upstream layer ends its send by the deadline, and a lost answer is
    // then looked up by client order id before the write is reported.
    const send = upstreamDeadline - Math.min(RECONCILE_MS, allowedMs / 4);
    return runWrite(
      {
        entry,
        input,
        context,
        exchange,
        idempotencyKey: caller.idempotencyKey,
        deadlines: { send, reconcile: upstreamDeadline },
        answer: (result, reconciled) => answerOf(entry, result, caller, deps, reconciled),
      },
      deps,
    );
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The handler's result with the frame's fields. */
function answerOf(
  entry: RegisteredTool,
  result: ToolResult<unknown>,
  caller: CallerInfo,
  deps: InvokeDeps,
  reconciled: boolean,
): ToolAnswer {
  let frame: FrameFields;
  try {
    frame = { data_timestamp: entry.isoTimestamp(result.obtainedAt) };
  } catch (error) {
    result.release?.();
    throw error;
  }
  if (result.stale) frame.stale = true;
  if (reconciled) frame.reconciled = true;
  if (entry.namespace.testnetFlag) frame.testnet = caller.environment === 'test';
  if (deps.profile === 'sim') frame.simulated = true;
  const data = result.data as Record<string, unknown>;
  return result.release ? { data, frame, release: result.release } : { data, frame };
}

/** The deadlines of every call in this process (a timer per duration, not per call). */
const deadlines = new DeadlineTimers();

/**
 * The work's answer (`answer` of its result), or 504 UPSTREAM_TIMEOUT when the deadline comes first; what a
 * late answer holds (an admission permit) is released when it comes, since nobody will send it. One promise
 * and one pending deadline per call (not Promise.race over a second promise, with a `finally` and a watcher of
 * the work besides): this runs on every read, most of them answered from a cache in microseconds.
 */
function beforeDeadline<T extends ToolResult<unknown>>(
  work: Promise<T>,
  deadline: number,
  allowedMs: number,
  answer: (result: T) => ToolAnswer,
): Promise<ToolAnswer> {
  return new Promise<ToolAnswer>((resolve, reject) => {
    let late = false;
    const pending = deadlines.start(deadline - Date.now(), () => {
      late = true;
      reject(
        new AppError(
          504,
          'UPSTREAM_TIMEOUT',
          `the call did not finish within its deadline of ${allowedMs} ms`,
          {
            retryable: true,
            details: { deadline_ms: allowedMs },
          },
        ),
      );
    });
    work.then(
      (result) => {
        deadlines.end(pending);
        if (late) result.release?.();
        else {
          try {
            resolve(answer(result));
          } catch (error) {
            reject(error);
          }
        }
      },
      (error: unknown) => {
        deadlines.end(pending);
        reject(error);
      },
    );
  });
}
