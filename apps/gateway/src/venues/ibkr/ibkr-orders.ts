import { AppError } from '@app/kit';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { Environment, UpstreamRequest, UpstreamResponse } from '../../upstream/upstream-types.js';

/** How the loop sends: through the client, so a lost brokerage session is reopened first. */
export interface OrderSender {
  environment: Environment;
  send(toolCall: CallDeadline, request: UpstreamRequest): Promise<UpstreamResponse>;
}

import { readWriteBody } from './ibkr-errors.js';

/** The bound of the reply loop (ibind stops after 20; a bot's order never needs that many). */
export const MAX_REPLIES = 10;

/**
 * Question ids the gateway confirms on a bot's behalf (BROKER_AUTO_CONFIRM_IDS): o163 (limit price beyond
 * the 3 % percentage constraint), which a resting limit order far from the market always raises. Any other
 * question refuses the order with its text.
 */
export const DEFAULT_AUTO_CONFIRM = ['o163'];

/** Questions about the order's price (o163: the limit is more than 3 % from the last price). */
export const PRICE_QUESTION_IDS: ReadonlySet<string> = new Set(['o163']);

/** A question the venue asked about an order: its message ids and its text. */
export interface OrderQuestion {
  ids: string[];
  text: string;
}

/**
 * Says no to a question the allow-list would confirm: the error to refuse the order with, or undefined to
 * confirm. The broker tools refuse o163 when a limit is outside the gateway's price collar.
 */
export type QuestionVeto = (question: OrderQuestion) => Promise<Error | undefined>;

/** An acknowledgement of one order (notes §5.5). */
export interface OrderAck {
  order_id: string;
  order_status: string;
  local_order_id?: string;
}

interface Question {
  id: string;
  message: string[];
  messageIds?: string[];
}

const asList = (answer: unknown): Record<string, unknown>[] =>
  Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object'
      ? [answer as Record<string, unknown>]
      : [];

/**
 * Sends an order request (place or amend) and walks the reply loop: a question whose ids are all allowed is
 * confirmed (`/iserver/reply/{id}` `{"confirmed": true}`) unless `veto` refuses it; any other is declined with
 * `{"confirmed": false}` and the order refused with the question's text in `details`. Every step is a write:
 * sent once.
 */
export async function submitWithReplies(
  http: OrderSender,
  toolCall: CallDeadline,
  path: string,
  body: unknown,
  allowed: ReadonlySet<string>,
  veto?: QuestionVeto,
): Promise<{ acks: OrderAck[]; confirmed: string[] }> {
  const env = http.environment;
  const send = async (p: string, b: unknown, what: string) =>
    readWriteBody(
      await http.send(toolCall, { method: 'POST', path: p, body: b, idempotent: false }),
      env,
      what,
    );
  // Declining cancels the pending order upstream; its answer is a 400 by design, so it is not read.
  const decline = (question: Question) =>
    http
      .send(toolCall, {
        method: 'POST',
        path: `/iserver/reply/${question.id}`,
        body: { confirmed: false },
        idempotent: false,
      })
      .catch(() => undefined);
  let answer = await send(path, body, 'the order');
  const confirmed: string[] = [];
  for (let round = 0; round <= MAX_REPLIES; round++) {
    const items = asList(answer);
    const question = items.find((item) => typeof item.id === 'string' && Array.isArray(item.message)) as
      | Question
      | undefined;
    if (!question) {
      const acks = items.filter((item) => item.order_id !== undefined) as unknown as OrderAck[];
      if (acks.length === 0)
        throw new AppError(502, 'UPSTREAM_UNAVAILABLE', 'broker answered the order with no order id', {
          details: { upstream: 'broker', reason: 'bad_response', outcome_unknown: true },
        });
      return { acks: acks.map((ack) => ({ ...ack, order_id: String(ack.order_id) })), confirmed };
    }
    const ids = question.messageIds ?? [];
    if (round === MAX_REPLIES || ids.length === 0 || !ids.every((id) => allowed.has(id))) {
      await decline(question);
      throw new AppError(
        422,
        round === MAX_REPLIES ? 'ORDER_REPLY_LOOP_EXCEEDED' : 'ORDER_QUESTION_REFUSED',
        round === MAX_REPLIES
          ? `broker kept asking after ${MAX_REPLIES} confirmations; the order was declined`
          : `broker asked a question the gateway does not confirm automatically (${ids.join(', ')}); the order was declined`,
        { details: { message_ids: ids, question: question.message.join(' '), confirmed_ids: confirmed } },
      );
    }
    // A veto that cannot decide (its read failed) says no as well: an unchecked confirmation is the risk.
    const refusal = veto
      ? await veto({ ids, text: question.message.join(' ') }).catch((error: unknown) => error)
      : undefined;
    if (refusal) {
      await decline(question);
      throw refusal;
    }
    confirmed.push(...ids);
    answer = await send(`/iserver/reply/${question.id}`, { confirmed: true }, 'the order confirmation');
  }
  throw new Error('unreachable');
}
