import { type NamespaceGateway, startNamespaceGateway } from '../../support/namespace-gateway.js';

/** The sentiment tests' harness: the shared namespace gateway calling `/mcp-sentiment/tools/*`. */
export { failure, type Json, type ToolError } from '../../support/namespace-gateway.js';

/** 2026-11-20 12:34:56.789 UTC: every simulated funding period, OI bucket and candle is a function of it. */
export const PINNED_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);

export type SentimentGateway = NamespaceGateway;

export function startSentimentGateway(now: () => number = () => PINNED_NOW): Promise<SentimentGateway> {
  return startNamespaceGateway('mcp-sentiment', now);
}
