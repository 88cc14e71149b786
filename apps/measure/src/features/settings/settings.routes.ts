import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { createSettingsService } from './settings.service.js';

const SettingsMapSchema = Type.Record(Type.String(), Type.String({ maxLength: 2000 }), {
  description:
    'Key-value map of strings; known keys: company_logo_path, csv_delimiter, csv_decimal_separator, ' +
    'exclusion_reasons (the assignable causes offered when a point is excluded, one a line), plausibility_band ' +
    '(the station asks before keeping a value further from nominal than this many tolerance widths; default 5)',
  maxProperties: 100,
});

export function registerSettingsRoutes(app: App, { db, guards }: RouteDeps): void {
  const settings = createSettingsService(db);
  const tags = ['settings'];

  for (const [url, hide] of [
    ['/api/settings/', false],
    ['/api/settings', true],
  ] as const) {
    app.get(
      url,
      {
        onRequest: early(guards.authenticated),
        schema: {
          hide,
          tags,
          summary: 'All settings',
          response: { 200: SettingsMapSchema, ...errorResponses(401) },
        },
      },
      () => settings.all(),
    );

    app.put(
      url,
      {
        onRequest: early(guards.admin),
        schema: {
          hide,
          tags,
          summary: 'Write settings; keys not in the body are kept (Admin)',
          body: SettingsMapSchema,
          response: {
            200: Type.Object({ message: Type.String(), updated_keys: Type.Array(Type.String()) }),
            ...errorResponses(400, 401, 403, 422),
          },
        },
      },
      async (request) => {
        const updated = await settings.update(request.body, callerOf(request).id);
        return { message: `Updated ${updated.length} setting(s)`, updated_keys: updated };
      },
    );
  }
}
