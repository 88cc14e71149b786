import { AppError, type Logger, toAppError } from '@app/kit';
import type { AuditLog } from '../audit/audit-log.js';
import { redactSecrets } from '../audit/audit-record.js';
import { errorEnvelope } from '../frame/error-envelope.js';
import type { CallContext } from '../tools/call-context.js';
import type { ToolAnswer } from '../tools/invoke.js';
import type { ToolResult, WriteSteps } from '../tools/tool.js';
import type { RegisteredTool } from '../tools/tool-registry.js';
import { clientOrderIdOf } from './client-order-id.js';
import type { ExposureViews, Reservation } from './exposure-view.js';
import { requestFingerprint } from './idempotency-key.js';
import type { Begin, IdempotencyKeys, KeyTicket } from './idempotency-store.js';
import { captureWrite, DryRunStop } from './risk/dry-run.js';
import type { Effective, PreTradeRisk, WriteScope } from './risk/pre-trade-risk.js';
import { isRiskRefusal } from './risk/risk-errors.js';
import { recorded, resultOf, WriteTrail } from './write-audit.js';
import {
  idempotencyInProgress,
  idempotencyKeyReused,
  idempotencyStoreUnavailable,
  mayHaveExecuted,
  riskCapNotConfigured,
  writeOutcomeUnknown,
} from './write-errors.js';

export interface WritePipelineDeps {
  audit: AuditLog;
  auditLogger: Logger;
  keys: IdempotencyKeys;
  maxLeverage: (venue: string) => number | undefined;
  /** Each account's cached exposure and the orders counted against it (the leverage cap). */
  exposure: ExposureViews;
  /** The bot's limits, halts and dry runs (trading/risk/). */
  risk: PreTradeRisk;
  now: () => number;
  /** Told how each write ended; absent when metrics are off. */
  writeMetrics?: WriteObserver;
}

/**
 * How a write ended, a fixed set for the metrics: `sent` (the venue answered), `reconciled` (its answer was
 * lost and the lookup found the order), `refused_leverage` (the cap refused it, nothing sent), `refused`
 * (another refusal before sending: key reused or in use, store unavailable, no cap configured), `unknown`
 * (504 WRITE_OUTCOME_UNKNOWN), `failed` (the venue refused it or could not be reached; nothing executed),
 * `dry_run` (a dry-run bot's write, answered with the request, nothing sent).
 */
export type WriteOutcome =
  | 'sent'
  | 'reconciled'
  | 'refused_leverage'
  | 'refused'
  | 'unknown'
  | 'failed'
  | 'dry_run';

export interface WriteObserver {
  write(entry: RegisteredTool, outcome: WriteOutcome): void;
  /** A pre-trade risk refusal, by its catalogue code (trading/risk/risk-errors.ts). */
  riskRefused(entry: RegisteredTool, code: string): void;
  /** A repeat under an Idempotency-Key answered with the stored answer. */
  replayed(entry: RegisteredTool): void;
}

/** One write call as invoke hands it over, its input validated. */
export interface WriteCall {
  entry: RegisteredTool;
  input: unknown;
  context: CallContext<unknown>;
  exchange: string | null;
  idempotencyKey: string | undefined;
  /** Epoch ms: the send ends by `send`; a lookup after a lost answer by `reconcile` (later, so it has time). */
  deadlines: { send: number; reconcile: number };
  /** A result as the tool's answer, with the frame's fields. */
  answer(result: ToolResult<unknown>, reconciled: boolean): ToolAnswer;
}

// biome-ignore lint/suspicious/noExplicitAny: each tool's steps were type-checked where it was declared
type AnySteps = WriteSteps<any, any, any>;
type Outcome = {
  result: ToolResult<unknown>;
  reconciled: boolean;
  dryRun?: boolean;
  /** The pre-trade checks' figures of an order that passed them, for its audit record. */
  risk?: Record<string, unknown>;
};

/**
 * The one path of every write tool: audit the attempt and, meanwhile, claim the idempotency key (key, body hash,
 * actor) → leverage cap from
 * the venue's exposure → send once under the client order id → on a lost answer, look the order up by that id
 * → audit the result → store the answer under the key. A key whose write may have been sent is never sent
 * again: its next holder only looks the order up.
 */
export async function runWrite(call: WriteCall, deps: WritePipelineDeps): Promise<ToolAnswer> {
  const metrics = deps.writeMetrics;
  if (!metrics) return writeOnce(call, deps);
  try {
    const answer = await writeOnce(call, deps);
    if (answer.replayed) metrics.replayed(call.entry);
    else if (answer.dryRun) metrics.write(call.entry, 'dry_run');
    else metrics.write(call.entry, answer.frame.reconciled ? 'reconciled' : 'sent');
    return answer;
  } catch (error) {
    const appError = toAppError(error);
    metrics.write(call.entry, writeOutcomeOf(appError));
    if (isRiskRefusal(appError)) metrics.riskRefused(call.entry, appError.code);
    throw error;
  }
}

function writeOutcomeOf(error: AppError): WriteOutcome {
  if (error.details?.risk_check === 'leverage_cap') return 'refused_leverage';
  if (error.code === 'WRITE_OUTCOME_UNKNOWN') return 'unknown';
  const refused =
    error.details?.risk_check !== undefined ||
    error.code.startsWith('IDEMPOTENCY_') ||
    error.code === 'RISK_CAP_NOT_CONFIGURED';
  return refused ? 'refused' : 'failed';
}

async function writeOnce(call: WriteCall, deps: WritePipelineDeps): Promise<ToolAnswer> {
  const { entry, input, context, idempotencyKey } = call;
  const steps = (entry.tool as { write: AnySteps }).write;
  const toolId = `${entry.namespace.name}/${entry.tool.name}`;
  const key = idempotencyKey ?? context.requestId;
  context.clientOrderId = clientOrderIdOf(steps.clientOrderId, { actor: context.actor, key, tool: toolId });
  const trail = new WriteTrail(deps.audit, deps.auditLogger, {
    request_id: context.requestId,
    client_request_id: context.clientRequestId,
    actor: context.actor,
    bot_tag: context.botTag,
    exchange: call.exchange,
    namespace: entry.namespace.name,
    action: entry.tool.name,
    environment: context.environment,
    params: redactSecrets(input),
    idempotency_key: idempotencyKey ?? null,
    client_order_id: context.clientOrderId,
  });
  const begin = await attemptAndClaim(trail, call, deps, toolId);

  let ticket: KeyTicket | undefined;
  let resume: 'fresh' | 'reconcile' = 'fresh';
  if (begin) {
    if (begin.kind === 'replay') {
      await trail.result({ outcome: 'replayed', upstream_ids: [], error: null });
      const { answer } = begin;
      return { data: {}, frame: { data_timestamp: answer.dataTimestamp ?? '' }, replayed: answer };
    }
    if (begin.kind === 'reused') throw await recorded(trail, idempotencyKeyReused());
    if (begin.kind === 'in_progress') throw await recorded(trail, idempotencyInProgress());
    ticket = begin.ticket;
    resume = begin.resume;
  }

  try {
    const outcome: Outcome & { resent?: true } =
      resume === 'reconcile' && ticket
        ? await reconcileOrResend(steps, call, ticket, deps)
        : await checkAndSend(steps, call, ticket, deps);
    const { result, reconciled, resent } = outcome;
    if (outcome.dryRun) return await answerRehearsal(call, outcome, trail, ticket);
    const answer = call.answer(result, reconciled);
    if (resent) answer.frame.resent = true;
    const text = entry.render(answer).toString();
    // The outcome record and the stored answer are independent and both come before the answer: together.
    const stored = { status: 200, body: text, dataTimestamp: answer.frame.data_timestamp };
    await Promise.all([
      trail.result({
        outcome: 'ok',
        upstream_ids: result.upstreamIds ?? [],
        error: null,
        ...(reconciled ? { reconciled: true } : {}),
        ...(resent ? { resent: true } : {}),
        ...(outcome.risk ? { risk: outcome.risk } : {}),
      }),
      ticket && quietly(ticket.complete(stored), context, 'storing the answer'),
    ]);
    return { ...answer, text };
  } catch (error) {
    const appError = toAppError(error);
    await Promise.all([
      trail.result(resultOf(appError)),
      ticket && quietly(settle(ticket, appError, context.requestId), context, 'settling the key'),
    ]);
    throw error;
  }
}

/**
 * A dry run's answer: the request that would have been sent, audited as `dry_run`. Its key is given back, not
 * kept: a rehearsal's answer must not stand for the real order the bot may later send under the same key.
 */
async function answerRehearsal(
  call: WriteCall,
  { result, risk }: Outcome,
  trail: WriteTrail,
  ticket: KeyTicket | undefined,
): Promise<ToolAnswer> {
  const answer = call.answer(result, false);
  const text = JSON.stringify({ ...answer.data, ...answer.frame });
  await Promise.all([
    trail.result({ outcome: 'dry_run', upstream_ids: [], error: null, ...(risk ? { risk } : {}) }),
    ticket && quietly(ticket.release(), call.context, 'giving the key back'),
  ]);
  return { ...answer, text, dryRun: true };
}

/**
 * The attempt record and the Idempotency-Key's claim, started together: both must be done before anything is
 * sent and neither needs the other, so the claim's round trip runs while the record is synced. If the record
 * could not be written the write stops there (503 AUDIT_UNAVAILABLE) and a key it claimed is left as it was
 * found: freed when nothing was sent under it, else `sent` with its lease ended, for the next repeat to look up.
 */
async function attemptAndClaim(
  trail: WriteTrail,
  call: WriteCall,
  deps: WritePipelineDeps,
  toolId: string,
): Promise<Begin | undefined> {
  const attempted = trail.attempt();
  const { context, idempotencyKey } = call;
  if (idempotencyKey === undefined) {
    await attempted;
    return undefined;
  }
  const scope = { actor: context.actor, key: idempotencyKey };
  const fingerprint = requestFingerprint(toolId, call.input);
  const [audit, claim] = await Promise.allSettled([
    attempted,
    deps.keys.begin(scope, fingerprint, context.clientOrderId, deps.now()),
  ]);
  if (audit.status === 'rejected') {
    if (claim.status === 'fulfilled' && claim.value.kind === 'claimed') {
      const { ticket, resume } = claim.value;
      await quietly(
        resume === 'fresh' ? ticket.release() : ticket.leaveUnknown(),
        context,
        'giving the key back',
      );
    }
    throw audit.reason;
  }
  if (claim.status === 'rejected') throw await recorded(trail, idempotencyStoreUnavailable(claim.reason));
  return claim.value;
}

/**
 * Risk checks, then the one send; a failure that may have executed is looked up, not repeated. The order's
 * reservation is released when nothing executed, else it counts until a read of the account includes it. A
 * dry-run bot's write stops before the key is marked sent: it is answered with the request, nothing leaves.
 */
async function checkAndSend(
  steps: AnySteps,
  call: WriteCall,
  ticket: KeyTicket | undefined,
  deps: WritePipelineDeps,
): Promise<Outcome> {
  const { input, context } = call;
  const scope = {
    environment: context.environment,
    botTag: context.botTag,
    venue: steps.venue,
    clientOrderId: context.clientOrderId,
  };
  const effective = deps.risk.effective(context.environment, context.botTag);
  // Orders (writes that can add exposure) pass the bot's limits; cancels and closes always may go.
  if (steps.exposure) await deps.risk.admit(scope, effective, await openOrdersFor(steps, call, effective));
  const reserved = steps.exposure ? await reserveExposure(steps, call, deps, scope, effective) : undefined;
  const reservation = reserved?.reservation;
  if (effective.limits.dry_run) {
    reservation?.release();
    return { ...(await rehearse(steps, call)), risk: reserved?.decision };
  }
  // From here a holder taking the key over must reconcile: on disk before the write leaves. Lost the key (the
  // lease ran out while the risk checks waited): someone else holds it, so this call must not send.
  if (ticket) {
    const held = await ticket.markSent().catch((error: unknown) => {
      reservation?.release();
      throw idempotencyStoreUnavailable(error);
    });
    if (!held) {
      reservation?.release();
      throw idempotencyInProgress();
    }
  }
  // The halt is read again last: a halt acknowledged before this read stops the order, one after it finds the
  // order already leaving (docs/architecture.md, "Risk").
  const sent = steps.exposure
    ? await deps.risk.beforeSend(scope, effective).catch((error: unknown) => {
        reservation?.release();
        throw error;
      })
    : undefined;
  try {
    // The context carries the deadline to the venue client: the send's, then (below) the reconciliation's.
    context.deadline = call.deadlines.send;
    const result = await steps.send(input, context);
    reservation?.settle();
    return { result, reconciled: false, risk: reserved?.decision };
  } catch (error) {
    const appError = toAppError(error);
    if (!mayHaveExecuted(appError)) {
      reservation?.release();
      throw error;
    }
    context.log.warn(
      { err: error, client_order_id: context.clientOrderId },
      'write answer lost; looking it up',
    );
    // Found or not, the order may exist: it stays counted until a read started after the lookup.
    return await reconcile(steps, call, ticket !== undefined, appError).finally(() => reservation?.settle());
  } finally {
    sent?.();
  }
}

/** The venue's working orders, read only for a bot with max_open_orders (the read's start is when it saw them). */
async function openOrdersFor(steps: AnySteps, call: WriteCall, effective: Effective) {
  const read = steps.exposure?.openOrders;
  if (effective.limits.max_open_orders === undefined || !read) return undefined;
  const since = call.context.now();
  return { ids: await read(call.context), since };
}

/** A dry run's send: the tool builds and signs its venue request as usual, the upstream layer hands it back. */
async function rehearse(steps: AnySteps, call: WriteCall): Promise<Outcome> {
  const { input, context } = call;
  context.deadline = call.deadlines.send;
  context.dryRun = captureWrite;
  try {
    await steps.send(input, context);
  } catch (error) {
    if (!(error instanceof DryRunStop)) throw error;
    const data = { dry_run: true, client_order_id: context.clientOrderId, request: error.request };
    return { result: { data, obtainedAt: context.now() }, reconciled: false, dryRun: true };
  } finally {
    context.dryRun = undefined;
  }
  // Every venue write is a non-idempotent request, which the capture stops: a send that ends means a tool
  // whose write bypassed the upstream layer.
  throw new AppError(500, 'DRY_RUN_NOT_CAPTURED', 'The dry run could not capture the venue request');
}

/**
 * The leverage cap and the bot's limits on the account's view: the order's notional reserved, or the refusal
 * with nothing reserved. Then the day's loss on the same read.
 */
async function reserveExposure(
  steps: AnySteps,
  call: WriteCall,
  deps: WritePipelineDeps,
  scope: WriteScope,
  effective: Effective,
): Promise<{ reservation: Reservation; decision: Record<string, unknown> }> {
  const { input, context } = call;
  const exposure = steps.exposure!;
  const cap = deps.maxLeverage(steps.venue);
  if (cap === undefined) throw riskCapNotConfigured(steps.venue);
  const plan = await exposure.plan(input, context);
  let equity = Number.NaN;
  let decision: Record<string, unknown> = {};
  const reservation = await deps.exposure.reserve(
    `${steps.venue}:${context.environment}:${plan.account}`,
    steps.venue,
    cap,
    exposure.nets,
    plan,
    (marks) => exposure.read(plan.account, marks, context),
    (order) => {
      equity = order.snapshot.equity;
      deps.risk.checkOrder(scope, effective, order);
      // What the audit's result record keeps of a passed order: the figures every check compared.
      const open = order.snapshot.current_notional + order.pending.total + order.added_notional;
      decision = {
        risk_check: 'passed',
        rule: effective.rule,
        max_leverage: cap,
        equity,
        order_notional: order.gross_notional,
        added_notional: order.added_notional,
        resulting_leverage: equity > 0 ? open / equity : null,
      };
    },
    context.botTag,
  );
  try {
    await deps.risk.checkDailyLoss(scope, effective, plan.account, equity);
  } catch (error) {
    reservation.release();
    throw error;
  }
  return { reservation, decision };
}

/** The venue's record of the write by its client order id; none, or no answer: 504 WRITE_OUTCOME_UNKNOWN. */
async function reconcile(
  steps: AnySteps,
  call: WriteCall,
  keyed: boolean,
  cause?: AppError,
): Promise<Outcome> {
  const found = await lookUp(steps, call, keyed);
  if (!found) throw writeOutcomeUnknown(call.context.clientOrderId, keyed, cause);
  return { result: found, reconciled: true };
}

/** The lookup by client order id: the venue's record, or undefined when it has none; no answer: 504. */
async function lookUp(
  steps: AnySteps,
  call: WriteCall,
  keyed: boolean,
): Promise<ToolResult<unknown> | undefined> {
  const { input, context } = call;
  try {
    context.deadline = call.deadlines.reconcile;
    return await steps.lookup(input, context);
  } catch (error) {
    throw writeOutcomeUnknown(context.clientOrderId, keyed, error);
  }
}

/**
 * A repeat under a key whose write may have been sent: looked up again. When the venue still has no record of it
 * a lookup window after that send ended (WRITE_LOOKUP_WINDOW_MS; a venue may show an order a moment after it
 * took it), the write never arrived and this call sends it, once: it holds the key, and the send goes through
 * the risk checks and the `sent` mark like any other. Inside the window, 504 as before.
 */
async function reconcileOrResend(
  steps: AnySteps,
  call: WriteCall,
  ticket: KeyTicket,
  deps: WritePipelineDeps,
): Promise<Outcome & { resent?: true }> {
  // The window must have passed when the venue was asked, not when it answered.
  const lookedAt = deps.now();
  const found = await lookUp(steps, call, true);
  if (found) return { result: found, reconciled: true };
  if (!ticket.neverArrived(lookedAt)) throw writeOutcomeUnknown(call.context.clientOrderId, true);
  call.context.log.warn(
    { client_order_id: call.context.clientOrderId },
    'write answer lost and no order after the lookup window; sending it again',
  );
  return { ...(await checkAndSend(steps, call, ticket, deps)), resent: true };
}

/**
 * What a failed write leaves under its key (docs/decisions.md, "Which answers a key keeps"): a final answer
 * (4xx but 409, 429 and TRADING_HALTED) is stored and replayed; an unknown outcome stays to be looked up by the next repeat;
 * anything else (409, 429, 5xx: nothing was executed) frees the key for a fresh attempt.
 */
function settle(ticket: KeyTicket, error: AppError, requestId: string): Promise<unknown> {
  if (error.code === 'WRITE_OUTCOME_UNKNOWN') return ticket.leaveUnknown();
  // A halt is not the order's answer: after the resume, the same key places it.
  if (error.status === 409 || error.status === 429 || error.status >= 500 || error.code === 'TRADING_HALTED')
    return ticket.release();
  const body = JSON.stringify(errorEnvelope(error, requestId));
  return ticket.complete({ status: error.status, body, dataTimestamp: null });
}

/**
 * A store write after the outcome is known: failing it must not change the answer (the order may exist). The
 * key then keeps its `sent` state, and once its lease runs out a repeat looks the order up.
 */
async function quietly(work: Promise<unknown>, context: CallContext<unknown>, what: string): Promise<void> {
  try {
    await work;
  } catch (error) {
    context.log.error(
      { err: error, client_order_id: context.clientOrderId },
      `idempotency store: ${what} failed`,
    );
  }
}
