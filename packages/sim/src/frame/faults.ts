import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a simulator instance can be told to do instead of (or before)
 * answering normally. `down` is not here: it is a state of the instance
 * (`SimInstance.down()`), because a refused connection never reaches a route.
 */
export type Fault =
  /** Wait, then answer normally. */
  | { kind: 'latency'; ms: number }
  /** Answer with this status (and body, headers) instead of the real answer. */
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** 200 with a JSON content type and a truncated JSON body. */
  | { kind: 'malformed' }
  /** Destroy the socket without answering (the client sees a reset). */
  | { kind: 'reset' }
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

/**
 * Applies a fault inside an onRequest hook. Returns true when the request was
 * answered (or dropped) here and must not reach the simulator's route.
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
  }
}
