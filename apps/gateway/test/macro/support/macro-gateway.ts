import {
  gatewayPerFile,
  type NamespaceGateway,
  startNamespaceGateway,
} from '../../support/namespace-gateway.js';

/** The macro tests' harness: the shared namespace gateway calling `/mcp-macro/tools/*`. */
export { failure, type Json, type ToolError } from '../../support/namespace-gateway.js';

/** 2026-11-20 12:34:56.789 UTC, a Friday: before 21:00 UTC, so the newest Treasury curve is Thursday's. */
export const PINNED_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);

export type MacroGateway = NamespaceGateway;

export function startMacroGateway(now: () => number = () => PINNED_NOW): Promise<MacroGateway> {
  return startNamespaceGateway('mcp-macro', now);
}

/** The file's macro gateway on the pinned clock, reset before each test (see gatewayPerFile). */
export const useMacroGateway = () => gatewayPerFile(startMacroGateway);
