/**
 * Hyperliquid nonces (notes §10): millisecond timestamps, unique per signer, kept inside (now − 2 d, now + 1 d)
 * by the venue. One source per signer in the process: `next = max(now, last + 1)`, so concurrent calls in
 * one millisecond get distinct, strictly increasing nonces. Across a restart the clock carries the order: a
 * source never runs more than `MAX_LEAD_MS` ahead of the clock (it waits instead), and a restart takes
 * longer than that, so the first nonce after it is above every nonce before it.
 */
export const MAX_LEAD_MS = 50;

export class NonceSource {
  #last = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The next nonce; waits out the lead when a burst ran more than MAX_LEAD_MS ahead of the clock. */
  async next(): Promise<number> {
    const nonce = Math.max(this.now(), this.#last + 1);
    this.#last = nonce;
    const lead = nonce - this.now();
    if (lead > MAX_LEAD_MS) await new Promise((resolve) => setTimeout(resolve, lead - MAX_LEAD_MS));
    return nonce;
  }

  /** The highest nonce handed out. */
  get last(): number {
    return this.#last;
  }
}

const sources = new Map<string, NonceSource>();

/** The process's one source for a signer address, so every client signing with that key shares it. */
export function nonceSourceFor(signer: string, now?: () => number): NonceSource {
  let source = sources.get(signer);
  if (!source) {
    source = new NonceSource(now);
    sources.set(signer, source);
  }
  return source;
}
