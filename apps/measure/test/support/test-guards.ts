import { forbidden, unauthorized } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Caller, Guards, RoleName } from '../../src/auth/guard-types.js';

/**
 * A Guards implementation for plugin tests: the `x-test-user` header names one of the users below,
 * so route modules can be tested without the real auth plugin and database.
 */
const USERS: Record<string, Caller> = {
  maker: { id: 1, username: 'maker', roles: ['Maker'], is_admin: false, api_key_id: 1 },
  tec: { id: 2, username: 'tec', roles: ['MeasurementTec'], is_admin: false, api_key_id: 2 },
  admin: { id: 3, username: 'admin', roles: [], is_admin: true, api_key_id: 3 },
};

function authenticate(request: FastifyRequest): Caller {
  const name = request.headers['x-test-user'];
  const caller = typeof name === 'string' ? USERS[name] : undefined;
  if (!caller) throw unauthorized('Missing or invalid API key');
  request.caller = caller;
  return caller;
}

export const testGuards: Guards = {
  authenticated: async (request) => {
    authenticate(request);
  },
  role:
    (...roles: RoleName[]) =>
    async (request) => {
      const caller = authenticate(request);
      if (!caller.roles.some((role) => roles.includes(role)))
        throw forbidden(`Requires role ${roles.join(' or ')}`);
    },
  admin: async (request) => {
    if (!authenticate(request).is_admin) throw forbidden('Requires an administrator');
  },
};
