import type { preHandlerAsyncHookHandler } from 'fastify';

/**
 * The contract every route module of the measurement service uses to protect
 * itself. The auth plugin (auth.plugin.ts) implements it; feature modules take
 * a Guards object in their options so they do not depend on how auth works.
 */
export const ROLE_NAMES = ['Maker', 'MeasurementTec', 'Metrologist'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** The authenticated user, set on the request by the guards. */
export interface Caller {
  id: number;
  username: string;
  roles: RoleName[];
  is_admin: boolean;
  /** Id of the API key row used, so logout can revoke exactly that key. */
  api_key_id: number;
}

export interface Guards {
  /** Any active user with a valid X-API-Key (401 otherwise). */
  authenticated: preHandlerAsyncHookHandler;
  /** Authenticated and holding at least one of the roles (403 otherwise). Admin does not imply a role. */
  role: (...roles: RoleName[]) => preHandlerAsyncHookHandler;
  /** Authenticated and is_admin (403 otherwise). */
  admin: preHandlerAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}
