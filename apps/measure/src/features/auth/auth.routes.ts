import { type App, isAppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, NoContent } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { MeUpdateSchema, UserSchema } from '../users/users.schema.js';
import { createUsersService } from '../users/users.service.js';

const LoginSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);

/** Login, the caller's own profile and logout. Login is the only route here without a key. */
export function registerAuthRoutes(app: App, { db, guards, metrics }: RouteDeps): void {
  const users = createUsersService(db);
  const tags = ['auth'];
  const authenticated = { onRequest: early(guards.authenticated) };

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in; every login issues a new API key, shown once',
        body: LoginSchema,
        response: {
          200: Type.Object({ user: UserSchema, api_key: Type.String() }),
          ...errorResponses(400, 401, 422),
        },
      },
    },
    (request) =>
      users.login(request.body.username, request.body.password).catch((error: unknown) => {
        // Only the wrong-credentials answer: a rate-limit refusal is counted as one, a 500 is not a login failure.
        if (isAppError(error) && error.status === 401) metrics?.loginFailed();
        throw error;
      }),
  );

  app.get(
    '/api/auth/me',
    {
      ...authenticated,
      schema: { tags, summary: 'The calling user', response: { 200: UserSchema, ...errorResponses(401) } },
    },
    (request) => users.get(callerOf(request).id),
  );

  app.put(
    '/api/auth/me',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Update own display name and preferences',
        body: MeUpdateSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 422) },
      },
    },
    (request) => users.update(callerOf(request).id, request.body, callerOf(request)),
  );

  app.post(
    '/api/auth/logout',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Revoke the API key used for this call',
        response: { 204: NoContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await users.logout(callerOf(request));
      return reply.status(204).send(null);
    },
  );
}
