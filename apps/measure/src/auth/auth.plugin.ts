import { forbidden, unauthorized } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.types.js';
import { hashApiKey } from '../features/auth/api-keys.js';
import { apiKeysRepository } from '../features/users/users.repository.js';
import { parseRoles } from '../features/users/users.service.js';
import type { Caller, Guards, RoleName } from './guard-types.js';

const MAX_KEY_LENGTH = 200;

/**
 * The guards of the measurement service: X-API-Key looked up by its hash.
 * They run as onRequest hooks, before body validation, so an anonymous
 * caller learns nothing about a route's input rules.
 */
export function createGuards(db: Kysely<DB>): Guards {
  async function authenticate(request: FastifyRequest): Promise<Caller> {
    if (request.caller) return request.caller;
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw unauthorized('Missing API key (X-API-Key header)');
    const row =
      key.length <= MAX_KEY_LENGTH ? await apiKeysRepository.findCaller(db, hashApiKey(key)) : undefined;
    if (!row) throw unauthorized('Invalid API key');
    const caller: Caller = {
      id: row.id,
      username: row.username,
      roles: parseRoles(row.roles),
      is_admin: row.is_admin === 1,
      api_key_id: row.api_key_id,
    };
    request.caller = caller;
    return caller;
  }

  return {
    authenticated: async (request) => {
      await authenticate(request);
    },
    role:
      (...roles: RoleName[]) =>
      async (request) => {
        const caller = await authenticate(request);
        if (!roles.some((role) => caller.roles.includes(role))) {
          throw forbidden(`Requires role ${roles.join(' or ')}`);
        }
      },
    admin: async (request) => {
      const caller = await authenticate(request);
      if (!caller.is_admin) throw forbidden('Requires an administrator');
    },
  };
}

/** The caller set by a guard; routes only call this behind one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('Missing API key (X-API-Key header)');
  return request.caller;
}
