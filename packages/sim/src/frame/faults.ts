import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a simulator instance can be told to do instead of (or before)
 * answering normally. `down` is not here: it is a state of the instance
 * (`SimInstance.down()`), because a refused connection never reaches a route.
 */
export type Fault =
  /** Wait, then answer normally. */
  | { kind: 'latency'; ms: number }
  /**
   * Answer with this status (and body, headers) instead of the real answer. An object body goes out as
   * JSON; a string as it is (text/plain unless `headers` names another content type, e.g. a non-JSON 5xx).
   */
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** 200 with a JSON content type and a truncated JSON body. */
  | { kind: 'malformed' }
  /**
   * Status and headers at once, then the body a few bytes at a time, the last byte `ms` after the first: a
   * client's header timeout does not fire, its body (or total) timeout does. The real answer unless `body`
   * is given (with `status`, 200 by default, and `headers`); `bytes` per piece, 16 by default.
   */
  | {
      kind: 'drip';
      ms: number;
      bytes?: number;
      status?: number;
      body?: unknown;
      headers?: Record<string, string>;
    }
  /** An HTML page where JSON was expected, as a CDN or maintenance page answers: 200 unless `status` says. */
  | { kind: 'html'; status?: number; body?: string }
  /** Destroy the socket without answering (the client sees a reset). */
  | { kind: 'reset' }
  /**
   * The venue does the work, then the answer is lost on the way back: the route runs (an order is placed),
   * and what it answers never leaves; the socket is then reset (`drop: 'reset'`, the default) or left silent
   * until the client gives up (`drop: 'hang'`). What a client must reconcile by its client order id.
   */
  | { kind: 'lose_answer'; drop?: 'reset' | 'hang' }
  /** Never answer; the client's timeout decides. */
  | { kind: 'hang' };

export interface FaultRule {
  fault: Fault;
  /** Only requests whose path starts with this; all when omitted. */
  path?: string;
  method?: string;
  /** Applies to this many matching requests, then disappears; forever when omitted. */
  times?: number;
}

/** The fault rules of one instance. The first matching rule wins. */
export class FaultControl {
  private rules: FaultRule[] = [];

  inject(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  get active(): readonly FaultRule[] {
    return this.rules;
  }

  /** Picks the fault for a request and consumes one use of its rule. */
  take(method: string, path: string): Fault | undefined {
    const index = this.rules.findIndex(
      (rule) =>
        (rule.path === undefined || path.startsWith(rule.path)) &&
        (rule.method === undefined || rule.method.toUpperCase() === method),
    );
    const rule = this.rules[index];
    if (!rule) return undefined;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return rule.fault;
  }
}

export type FaultKind = Fault['kind'];

/** Every kind a rule may name (the control route accepts these). */
export const FAULT_KINDS: readonly FaultKind[] = [
  'latency',
  'error',
  'malformed',
  'reset',
  'hang',
  'drip',
  'html',
  'lose_answer',
];

/** What a CDN in front of a venue answers while the origin is in maintenance. */
export const MAINTENANCE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Scheduled maintenance</title></head>
<body>
<h1>We'll be back soon</h1>
<p>The service is undergoing scheduled maintenance. Please try again in a few minutes.</p>
<hr><p>cdn-edge / ray id 7f3a9c2e1b0d4e56</p>
</body>
</html>
`;

/** Why a fault rule cannot be taken, or undefined when it can. */
export function faultProblem(fault: unknown): string | undefined {
  if (!fault || typeof fault !== 'object') return 'fault must be an object';
  const { kind, ms, bytes, status } = fault as Record<string, unknown>;
  if (!(FAULT_KINDS as readonly unknown[]).includes(kind))
    return `fault.kind must be one of ${FAULT_KINDS.join(', ')}`;
  const nonNegative = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if ((kind === 'latency' || kind === 'drip') && !nonNegative(ms)) return 'fault.ms must be a number >= 0';
  if (kind === 'drip' && bytes !== undefined && !(nonNegative(bytes) && (bytes as number) >= 1))
    return 'fault.bytes must be a number >= 1';
  const statusOk = (value: unknown) =>
    Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
  if (kind === 'error' && !statusOk(status)) return 'fault.status must be an HTTP status';
  if ((kind === 'drip' || kind === 'html') && status !== undefined && !statusOk(status))
    return 'fault.status must be an HTTP status';
  const drop = (fault as Record<string, unknown>).drop;
  if (kind === 'lose_answer' && drop !== undefined && drop !== 'reset' && drop !== 'hang')
    return 'fault.drop must be reset or hang';
  return undefined;
}

/**
 * A body as a stream that sends its first piece at once (the status and headers go with it) and the rest
 * spread evenly, the last piece `ms` later. Pieces that fall due together go out together.
 */
export function dripBody(body: Buffer, ms: number, bytes = 16): Readable {
  const piece = Math.max(1, Math.floor(bytes));
  // At least two pieces, so something goes out at once and the last byte only after `ms`.
  const pieces = body.length < 2 ? body.length : Math.max(2, Math.ceil(body.length / piece));
  const size = pieces === 0 ? 0 : Math.ceil(body.length / pieces);
  const gap = pieces > 1 ? ms / (pieces - 1) : ms;
  const started = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stream = new Readable({
    read() {},
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
  const tick = () => {
    const elapsed = performance.now() - started;
    const due = pieces === 0 ? 0 : gap === 0 ? pieces : Math.min(pieces, Math.floor(elapsed / gap) + 1);
    if (due > sent) {
      stream.push(body.subarray(sent * size, Math.min(body.length, due * size)));
      sent = due;
    }
    if (sent >= pieces && elapsed >= ms) {
      stream.push(null);
      return;
    }
    const next = sent >= pieces ? ms : sent * gap;
    timer = setTimeout(tick, Math.max(1, next - elapsed));
  };
  tick();
  return stream;
}

/**
 * The drip of a reply's payload (onSend): the serialized real answer, or the body the fault gave, as a
 * stream with its content-length kept.
 */
export function dripPayload(fault: Extract<Fault, { kind: 'drip' }>, reply: FastifyReply, payload: unknown) {
  const body =
    typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
  if (!body) return payload; // a stream already: leave it as the route made it
  if (fault.status !== undefined) reply.code(fault.status);
  if (fault.headers) reply.headers(fault.headers);
  reply.header('content-length', body.length);
  return dripBody(body, fault.ms, fault.bytes);
}

/**
 * Applies a fault inside an onRequest hook. Returns true when the request was
 * answered (or dropped) here and must not reach the simulator's route. A
 * `drip` of the real answer returns false: the frame drips it on its way out.
 */
export async function applyFault(
  fault: Fault,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  switch (fault.kind) {
    case 'latency':
      await new Promise((resolve) => setTimeout(resolve, fault.ms));
      return false;
    case 'error':
      reply.code(fault.status);
      if (fault.headers) reply.headers(fault.headers);
      await reply.send(fault.body ?? { error: 'injected fault', status: fault.status });
      return true;
    case 'drip':
      if (fault.body === undefined) return false;
      reply.code(fault.status ?? 200);
      if (fault.headers) reply.headers(fault.headers);
      await reply.send(fault.body);
      return true;
    case 'html':
      reply.code(fault.status ?? 200).header('content-type', 'text/html; charset=utf-8');
      await reply.send(fault.body ?? MAINTENANCE_PAGE);
      return true;
    case 'malformed':
      reply.code(200).header('content-type', 'application/json; charset=utf-8');
      await reply.send('{"result": [1, 2, {"price": ');
      return true;
    case 'reset':
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    case 'hang':
      reply.hijack();
      return true;
    case 'lose_answer':
      loseAnswer(reply, fault.drop ?? 'reset');
      return false;
  }
}

/**
 * Lets the route run and swallows what it answers. The response's own write methods are replaced on this one
 * response, so whatever path Fastify takes to send (a body, a stream, an error) writes nothing; its end resets
 * the socket or leaves it silent.
 */
function loseAnswer(reply: FastifyReply, drop: 'reset' | 'hang'): void {
  const raw = reply.raw;
  raw.writeHead = (() => raw) as typeof raw.writeHead;
  raw.write = (() => true) as typeof raw.write;
  raw.end = (() => {
    if (drop === 'reset') raw.socket?.destroy();
    return raw;
  }) as typeof raw.end;
}
