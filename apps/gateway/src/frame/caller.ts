import { type Static, Type } from '@sinclair/typebox';
import type { Environment } from '../upstream/upstream-types.js';

/** The credential that authenticated a call: its name is the audit actor, its environment routes upstream calls. */
export const ActorSchema = Type.Union([Type.Literal('testnet'), Type.Literal('mainnet')]);
export type Actor = Static<typeof ActorSchema>;

export interface Caller {
  actor: Actor;
  environment: Environment;
  /** Set on `/mcp*` calls once the X-Bot-Tag header has been checked. */
  botTag: string | null;
}

/** What the request log reports about a tool call; set by the tool route, read by the request log. */
export interface ToolCallNote {
  tool: string;
  exchange: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on tool routes, so the request log names the tool even when auth or validation fails. */
    tool?: string;
    exchange?: string | null;
  }
  interface FastifyRequest {
    gatewayCaller: Caller | null;
    toolCall: ToolCallNote | null;
  }
}
