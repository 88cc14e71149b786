import { randomUUID } from 'node:crypto';
import type { ExchangeCore } from '../exchange/exchange-core.js';
import { isFinal, type Order } from '../exchange/order.js';
import { stockByConid } from './ibkr-contracts.js';
import type { BrokerageSession } from './ibkr-session.js';
import { ibkrOrderId, requestOf, statusOf, type Ticket } from './ibkr-tickets.js';

/** A question instead of an order id (notes §5.5): answered by `/iserver/reply/{id}`. */
interface Pending {
  account: string;
  tickets: Ticket[];
  /** Question ids still to ask, one per reply. */
  ask: string[];
  amend?: number;
}

type Answer = Record<string, unknown>[] | { error: string };

const QUESTIONS: Record<string, string> = {
  o163: 'The following order {order} price exceeds the Percentage constraint of 3%. Are you sure you want to submit this order?',
  o354: 'You are submitting an order without market data. Are you sure you want to submit this order?',
  o10331:
    'You are about to submit a stop order. Please be aware of the various stop order types available and the risks associated with each one. Are you sure you want to submit this order?',
};

/**
 * Orders as the simulated IBKR keeps them on the exchange core: the submitted ticket per order id (what
 * `/iserver/account/orders` shows), questions before execution, brackets / OCA groups / OTO parents mapped to
 * the core's placeBracket / placeOco / placeOto, amend as replace under the same order id.
 */
export class IbkrOrderBook {
  /** IBKR order id → the core order currently behind it and the ticket it was placed (or amended) with. */
  readonly entries = new Map<number, { order: Readonly<Order>; ticket: Ticket }>();
  readonly #pending = new Map<string, Pending>();

  constructor(
    private readonly core: ExchangeCore,
    private readonly session: BrokerageSession,
    private readonly lastPrice: (conid: number) => number,
  ) {}

  /** Places tickets, asking first if a question applies and is not suppressed. */
  submit(account: string, tickets: Ticket[], amend?: number): Answer {
    for (const ticket of tickets) {
      const request = requestOf(ticket, account);
      if (typeof request === 'string') return { error: request };
      if (
        amend === undefined &&
        request.clientId &&
        this.core.ordersByClientId(account, request.clientId).length > 0
      )
        return {
          error: `Order couldn't be submitted: Local order ID=${request.clientId} is already registered.`,
        };
    }
    const ask = [...this.session.forcedQuestions.splice(0), ...this.#priceQuestions(tickets)];
    return this.#next({ account, tickets, ask: ask.filter((id) => !this.session.suppressed.has(id)), amend });
  }

  reply(id: string, confirmed: boolean): Answer | undefined {
    const pending = this.#pending.get(id);
    if (!pending) return undefined;
    this.#pending.delete(id);
    if (!confirmed) return { error: 'Order not confirmed' };
    return this.#next(pending);
  }

  #priceQuestions(tickets: Ticket[]): string[] {
    const far = tickets.some((ticket) => {
      if (ticket.orderType !== 'LMT' || ticket.parentId !== undefined) return false;
      const last = this.lastPrice(Number(ticket.conid));
      return Math.abs(Number(ticket.price) - last) / last > 0.03;
    });
    return far ? ['o163'] : [];
  }

  #next(pending: Pending): Answer {
    const id = pending.ask.shift();
    if (id === undefined)
      return pending.amend === undefined ? this.#execute(pending) : this.#replace(pending);
    const replyId = randomUUID();
    this.#pending.set(replyId, pending);
    const first = pending.tickets[0]!;
    const order = `${String(first.side)} ${String(first.quantity)} ${stockByConid(Number(first.conid))?.symbol} @ ${String(first.price ?? 'MKT')}`;
    return [
      {
        id: replyId,
        message: [
          (QUESTIONS[id] ?? 'Are you sure you want to submit this order?').replace('{order}', `"${order}"`),
        ],
        isSuppressed: false,
        messageIds: [id],
      },
    ];
  }

  #execute({ account, tickets }: Pending): Answer {
    const requests = tickets.map(
      (ticket) => requestOf(ticket, account) as Exclude<ReturnType<typeof requestOf>, string>,
    );
    const children = tickets
      .map((ticket, i) => [ticket, i] as const)
      .filter(([ticket]) => ticket.parentId !== undefined);
    let orders: Readonly<Order>[];
    if (children.length > 0) {
      const parentIndex = tickets.findIndex(
        (ticket) => ticket.cOID !== undefined && ticket.cOID === children[0]![0].parentId,
      );
      if (parentIndex < 0) return { error: 'Parent order not found for parentId' };
      const secondaries = children.map(([, i]) => requests[i]!);
      const placed = this.core.placeOto(requests[parentIndex]!, secondaries, { oco: secondaries.length > 1 });
      orders = [placed.primary.order, ...placed.secondaries.map((s) => s.order)];
      tickets = [tickets[parentIndex]!, ...children.map(([ticket]) => ticket)];
    } else if (tickets.length > 1) {
      if (!tickets.every((ticket) => ticket.isSingleGroup === true))
        return { error: 'Multiple orders must be a bracket (parentId) or one OCA group (isSingleGroup)' };
      orders = this.core.placeOco(requests).map((placement) => placement.order);
    } else orders = [this.core.place(requests[0]!).order];
    return orders.map((order, i) => {
      this.entries.set(ibkrOrderId(order), { order, ticket: tickets[i]! });
      return {
        order_id: String(ibkrOrderId(order)),
        order_status: statusOf(this.core, order),
        encrypt_message: '1',
      };
    });
  }

  /** Amend: the full ticket replaces the working order, which keeps its order id. */
  #replace({ account, tickets, amend }: Pending): Answer {
    const entry = this.entries.get(amend!);
    if (!entry || isFinal(entry.order)) return { error: 'Order cannot be modified: not working' };
    const ticket = { ...tickets[0]!, cOID: entry.order.clientId ?? undefined };
    const request = requestOf(ticket, account);
    if (typeof request === 'string') return { error: request };
    this.core.cancel(account, entry.order.id);
    const placed = this.core.place({
      ...request,
      ...(entry.order.clientId ? { clientId: entry.order.clientId } : {}),
    });
    this.entries.set(amend!, { order: placed.order, ticket });
    return [
      { order_id: String(amend), order_status: statusOf(this.core, placed.order), encrypt_message: '1' },
    ];
  }

  find(orderId: number) {
    return this.entries.get(orderId);
  }
}
