import { createHash } from 'node:crypto';

/**
 * Client order ids: the id a write carries to the venue, derived from the request so that a retry of the same
 * request (same actor, same Idempotency-Key, same tool) carries the same id, and the gateway can look the order
 * up by it when the venue's answer is lost. Without a key the request id stands in: the id is then unique per
 * request and still serves the lookup of that one request.
 */

/** What identifies one logical write. */
export interface OrderIdSource {
  actor: string;
  /** The Idempotency-Key, or the gateway's request id when the caller sent none. */
  key: string;
  /** `<namespace>/<tool>`: the same key on two tools names two writes. */
  tool: string;
}

/** 32 hex digits (128 bits) of SHA-256 over the source; a NUL separates fields so none can bleed into the next. */
export function orderIdDigest({ actor, key, tool }: OrderIdSource): string {
  return createHash('sha256').update(`${actor}\0${tool}\0${key}`).digest('hex').slice(0, 32);
}

/** A venue's format for the id, from the 32-hex digest. */
export type ClientOrderIdFormat = (digest: string) => string;

/**
 * Deribit `label`: free text up to 64 characters. `gw-` marks the gateway's orders in the venue's UI; 35
 * characters leave room for a venue module that appends a leg suffix (bracket legs).
 */
export const deribitLabel: ClientOrderIdFormat = (digest) => `gw-${digest}`;

/** Hyperliquid `cloid`: a 16-byte hex string, `0x` and 32 lowercase hex digits. */
export const hyperliquidCloid: ClientOrderIdFormat = (digest) => `0x${digest}`;

/** IBKR `cOID`: a string unique per account for 24 h (echoed as `order_ref`); the same shape as the label. */
export const ibkrCoid: ClientOrderIdFormat = (digest) => `gw-${digest}`;

/** The id of one write in the venue's format. */
export const clientOrderIdOf = (format: ClientOrderIdFormat, source: OrderIdSource): string =>
  format(orderIdDigest(source));
