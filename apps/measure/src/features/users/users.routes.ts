import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Id, NoContent } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { ApiKeyIssuedSchema, UserCreateSchema, UserSchema, UserUpdateSchema } from './users.schema.js';
import { createUsersService } from './users.service.js';

export function registerUsersRoutes(app: App, { db, guards }: RouteDeps): void {
  const users = createUsersService(db);
  const admin = { onRequest: early(guards.admin) };
  const tags = ['users'];
  const Params = Type.Object({ user_id: Id });

  app.get(
    '/api/users',
    {
      ...admin,
      schema: {
        tags,
        summary: 'List users (Admin)',
        response: { 200: Type.Array(UserSchema), ...errorResponses(401, 403) },
      },
    },
    () => users.list(),
  );

  app.post(
    '/api/users',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a user (Admin)',
        body: UserCreateSchema,
        response: { 201: UserSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(request.body, callerOf(request).id)),
  );

  app.put(
    '/api/users/:user_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a user (Admin)',
        params: Params,
        body: UserUpdateSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => users.update(request.params.user_id, request.body, callerOf(request)),
  );

  app.delete(
    '/api/users/:user_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Deactivate a user and revoke their keys (Admin)',
        params: Params,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await users.deactivate(callerOf(request), request.params.user_id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:user_id/reactivate',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Reactivate a deactivated user; they sign in again with their password (Admin)',
        params: Params,
        response: { 200: UserSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => users.reactivate(request.params.user_id),
  );

  app.post(
    '/api/users/:user_id/regenerate-key',
    {
      ...admin,
      schema: {
        tags,
        summary: "Revoke all of a user's keys and issue one new key, shown once (Admin)",
        params: Params,
        response: { 200: ApiKeyIssuedSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      api_key: await users.regenerateKey(request.params.user_id, callerOf(request).id),
      message: 'New API key issued; every earlier key of this user is revoked. It is shown only once.',
    }),
  );
}
